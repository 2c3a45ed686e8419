import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalysisPlayers, AnalysisTeam, PlayerAnalysis, TeamAnalysis } from '../../../shared/schemas/leaderboard';
import { apiGet, type Envelope } from '../../lib/api';

/** Reads of the analysis screens. */

const qs = (values: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

export const analysisPlayersQuery = (o: { teamId?: number | undefined; q: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['analysis', 'players', o],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await apiGet<Envelope<AnalysisPlayers>>(
          `/api/analysis/players${qs({ team_id: o.teamId, q: o.q || undefined, page: o.page, pageSize: o.pageSize })}`,
          signal,
        )
      ).data,
  });

export const analysisTeamsQuery = () =>
  queryOptions({
    queryKey: ['analysis', 'teams'],
    queryFn: async ({ signal }) => (await apiGet<Envelope<AnalysisTeam[]>>('/api/analysis/teams', signal)).data,
  });

export const playerAnalysisQuery = (playerId: number, teamId?: number) =>
  queryOptions({
    queryKey: ['analysis', 'player', playerId, teamId ?? null],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<PlayerAnalysis>>(`/api/player/${playerId}/analysis/summary${qs({ team_id: teamId })}`, signal)).data,
  });

export const teamAnalysisQuery = (teamId: number) =>
  queryOptions({
    queryKey: ['analysis', 'team', teamId],
    queryFn: async ({ signal }) => (await apiGet<Envelope<TeamAnalysis>>(`/api/team/${teamId}/analysis/summary`, signal)).data,
  });
