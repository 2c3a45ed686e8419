import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { TEAMS_PAGE_SIZE, type CoachOption, type CoachSummary, type Team, type TeamSave } from '../../../shared/schemas/team';
import { apiGet, apiPost, apiUpload, type Envelope, type WriteEnvelope } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';

/** Every read and write of the Teams page. */

export const teamKeys = {
  all: ['teams'] as const,
  list: (category: string | null): readonly string[] => ['teams', 'list', category ?? 'all'],
  coach: (coachId: string, category: string | null): readonly string[] => ['teams', 'coach', coachId, category ?? 'all'],
  coachOptions: ['teams', 'coach-options'] as const,
};

const withCategory = (url: string, category: string | null) => (category ? `${url}?category=${encodeURIComponent(category)}` : url);

export interface TeamsPage {
  teams: Team[];
  /** Set on the CoachTeams route: whose teams these are. */
  coach: CoachSummary | null;
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/**
 * /api/teams by pages of TEAMS_PAGE_SIZE, by cursor (ADR 0023), or /api/coach/{coachId}/teams whole on
 * the CoachTeams route (one page); optionally one club only.
 */
export const teamListQuery = (coachId: string | undefined, category: string | null) =>
  infiniteQueryOptions({
    queryKey: coachId ? teamKeys.coach(coachId, category) : teamKeys.list(category),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TeamsPage) => last.next,
    queryFn: async ({ signal, pageParam }): Promise<TeamsPage> => {
      if (!coachId) {
        const query = new URLSearchParams({ limit: String(TEAMS_PAGE_SIZE) });
        if (category) query.set('category', category);
        if (pageParam) query.set('after', pageParam);
        const { data, next } = await apiGet<{ data: Team[]; next: string | null }>(`/api/teams?${query.toString()}`, signal);
        return { teams: data, coach: null, next };
      }
      const body = await apiGet<{ data: Team[]; coach: CoachSummary }>(
        withCategory(`/api/coach/${encodeURIComponent(coachId)}/teams`, category),
        signal,
      );
      return { teams: body.data, coach: body.coach, next: null };
    },
  });

export const coachOptionsQuery = queryOptions({
  queryKey: teamKeys.coachOptions,
  queryFn: async ({ signal }) => (await apiGet<Envelope<CoachOption[]>>('/api/teams/coach-options', signal)).data,
});

/** After every write: 'Operation successful!' and the lists reload (docs/product.md#what-it-does). */
function useAfterWrite() {
  const client = useQueryClient();
  return async () => {
    notifySuccess();
    await client.invalidateQueries({ queryKey: teamKeys.all });
  };
}

export function useSaveTeam(teamId: number | null) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (body: TeamSave) => apiPost<WriteEnvelope<Team>>(teamId === null ? '/api/teams' : `/api/team/${teamId}`, body),
    onSuccess: done,
  });
}

export function useDeleteTeam() {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (team: Team) => apiPost<WriteEnvelope<{ id: number; playersUnassigned: number }>>(`/api/team/${team.id}/delete`, team),
    onSuccess: done,
  });
}

export function useBulkTeams(onProgress: (fraction: number) => void) {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: (input: { file: File; category: string; season: string }) => {
      const form = new FormData();
      form.append('category', input.category);
      form.append('season', input.season);
      form.append('bulkFile', input.file);
      return apiUpload<WriteEnvelope<{ created: number }>>('/api/teams/bulk', form, onProgress);
    },
    onSuccess: done,
  });
}
