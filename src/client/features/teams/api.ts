import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoachOption, CoachSummary, Team, TeamSave } from '../../../shared/schemas/team';
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

export interface TeamList {
  teams: Team[];
  /** Set on the CoachTeams route: whose teams these are. */
  coach: CoachSummary | null;
}

/** /api/teams, or /api/coach/{coachId}/teams on the CoachTeams route; optionally one club only. */
export const teamListQuery = (coachId: string | undefined, category: string | null) =>
  queryOptions({
    queryKey: coachId ? teamKeys.coach(coachId, category) : teamKeys.list(category),
    queryFn: async ({ signal }): Promise<TeamList> => {
      if (!coachId) return { teams: (await apiGet<Envelope<Team[]>>(withCategory('/api/teams', category), signal)).data, coach: null };
      const body = await apiGet<{ data: Team[]; coach: CoachSummary }>(
        withCategory(`/api/coach/${encodeURIComponent(coachId)}/teams`, category),
        signal,
      );
      return { teams: body.data, coach: body.coach };
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
