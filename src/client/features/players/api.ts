import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Note } from '../../../shared/schemas/note';
import type { Player, PlayerList, TeamOption } from '../../../shared/schemas/player';
import type { PlayerAchievement } from '../../../shared/schemas/player-achievement';
import { apiGet, type Envelope } from '../../lib/api';

/** Every read of the players feature: one query key family, so a write refreshes what it touched. */

export interface ListParams {
  teamId?: number | null;
  category?: number | null;
  q?: string;
  page: number;
  pageSize: number;
}

const qs = (params: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

/** On the team route the team is part of the path (404/403 come from the team check). */
export const playersQuery = (p: ListParams & { teamRoute: boolean }) =>
  queryOptions({
    queryKey: ['players', 'list', p],
    queryFn: ({ signal }): Promise<PlayerList> => {
      const query = qs({ q: p.q, page: p.page, pageSize: p.pageSize, ...(p.teamRoute ? {} : { team_id: p.teamId, category: p.category }) });
      const url = p.teamRoute ? `/api/team/${p.teamId}/players${query}` : `/api/players${query}`;
      return apiGet<Envelope<PlayerList>>(url, signal).then((r) => r.data);
    },
  });

export const teamOptionsQuery = queryOptions({
  queryKey: ['players', 'team-options'],
  queryFn: ({ signal }) => apiGet<Envelope<TeamOption[]>>('/api/players/team-options', signal).then((r) => r.data),
  staleTime: 60_000,
});

export const playerQuery = (id: number) =>
  queryOptions({
    queryKey: ['players', 'one', id],
    queryFn: ({ signal }) => apiGet<Envelope<Player>>(`/api/player/${id}`, signal).then((r) => r.data),
  });

export const notesQuery = (id: number) =>
  queryOptions({
    queryKey: ['players', 'notes', id],
    queryFn: ({ signal }) => apiGet<Envelope<Note[]>>(`/api/player/${id}/notes`, signal).then((r) => r.data),
  });

export const achievementsQuery = (id: number) =>
  queryOptions({
    queryKey: ['players', 'achievements', id],
    queryFn: ({ signal }) => apiGet<Envelope<PlayerAchievement[]>>(`/api/player/${id}/achievements`, signal).then((r) => r.data),
  });

/** The achievement catalogue (Settings). */
export const catalogueQuery = queryOptions({
  queryKey: ['achievements'],
  queryFn: ({ signal }) => apiGet<Envelope<{ id: number; title: string }[]>>('/api/achievements', signal).then((r) => r.data),
  staleTime: 60_000,
});

export const exportUrl = (filter: { team_id?: number; category?: number }) => `/api/players/export${qs(filter)}`;
export const pdfUrl = (id: number) => `/api/player/${id}/analysis/pdf`;

/** After a write: players lists, profiles and anything derived from them (teams' counts, boards). */
export function useRefreshPlayers() {
  const client = useQueryClient();
  // A deleted player's own queries are left alone: refetched while the profile is still shown, they
  // would 404 and send the user to the not-found page.
  return (deletedId?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['players'], predicate: (q) => deletedId === undefined || q.queryKey[2] !== deletedId }),
      client.invalidateQueries({ queryKey: ['teams'] }),
      client.invalidateQueries({ queryKey: ['leaderboard'] }),
    ]);
}
