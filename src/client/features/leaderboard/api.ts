import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  BoardCriteria,
  BoardTeamRow,
  PlayersBoard,
  PublicBoard,
  PublicPeriod,
  PublicPlayersBoard,
} from '../../../shared/schemas/leaderboard';
import { apiGet, type Envelope } from '../../lib/api';

/** Leaderboard reads (staff/player area and public), one place for URLs and query keys. */

/** Staff boards filter by criteria and dates; public boards by one level and a fixed period. */
export interface BoardFilter {
  criteria?: number[];
  from?: string;
  to?: string;
  level?: { id: number; name: string };
  period?: PublicPeriod;
}

function params(values: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

const filterParams = (f: BoardFilter) => ({ criteria: f.criteria?.length ? f.criteria.join(',') : undefined, from: f.from, to: f.to });
const publicParams = (f: BoardFilter) => ({ period: f.period && f.period !== 'all' ? f.period : undefined, level: f.level?.id });

/** A players board in one shape for staff and public callers (public rows lack photos and team data). */
export type PlayersPage = Omit<PlayersBoard, 'rows' | 'me'> & {
  rows: (PublicPlayersBoard['rows'][number] & Partial<Pick<PlayersBoard['rows'][number], 'profile_img' | 'teamIds' | 'coachUser'>>)[];
  me: PlayersBoard['me'];
};

export const playersBoardQuery = (o: {
  publicMode: boolean;
  teamId?: number | undefined;
  filter: BoardFilter;
  page: number;
  pageSize: number;
  q: string;
}) =>
  queryOptions({
    queryKey: ['leaderboard', 'players', o],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<PlayersPage> => {
      const paging = { page: o.page, pageSize: o.pageSize, q: o.q || undefined };
      if (!o.publicMode)
        return (
          await apiGet<Envelope<PlayersBoard>>(
            `/api/leaderboard/players${params({ ...filterParams(o.filter), ...paging, team_id: o.teamId })}`,
            signal,
          )
        ).data;
      const common = { ...publicParams(o.filter), ...paging };
      if (o.teamId !== undefined) {
        const { data } = await apiGet<Envelope<PublicPlayersBoard>>(`/api/public/leaderboard/team/${o.teamId}${params(common)}`, signal);
        return { ...data, me: null };
      }
      const { data } = await apiGet<Envelope<PublicBoard>>(`/api/public/leaderboard${params({ ...common, view: 'players' })}`, signal);
      if (data.view !== 'players') throw new Error('Unexpected answer.');
      return { ...data, me: null };
    },
  });

type TeamsPage = { rows: (Omit<BoardTeamRow, 'coachUser'> & { coachUser?: number })[]; next: string | null };

/** Teams on the staff board per page: a club of 2,000 teams is read 50 at a time, by cursor (ADR 0023). */
export const TEAMS_BOARD_PAGE = 50;

export const teamsBoardQuery = (o: { publicMode: boolean; filter: BoardFilter }) =>
  infiniteQueryOptions({
    queryKey: ['leaderboard', 'teams', o],
    placeholderData: keepPreviousData,
    initialPageParam: null as string | null,
    getNextPageParam: (last: TeamsPage) => last.next,
    queryFn: async ({ signal, pageParam }): Promise<TeamsPage> => {
      if (!o.publicMode) {
        const query = params({ ...filterParams(o.filter), limit: TEAMS_BOARD_PAGE, after: pageParam ?? undefined });
        const { data, next } = await apiGet<{ data: BoardTeamRow[]; next: string | null }>(`/api/leaderboard/teams${query}`, signal);
        return { rows: data, next };
      }
      const { data } = await apiGet<Envelope<PublicBoard>>(
        `/api/public/leaderboard${params({ ...publicParams(o.filter), view: 'teams' })}`,
        signal,
      );
      if (data.view !== 'teams') throw new Error('Unexpected answer.');
      return { rows: data.rows, next: null };
    },
  });

export const boardCriteriaQuery = (publicMode: boolean) =>
  queryOptions({
    queryKey: ['leaderboard', 'criteria', publicMode],
    queryFn: async ({ signal }) =>
      (await apiGet<Envelope<BoardCriteria>>(publicMode ? '/api/public/leaderboard/criteria' : '/api/leaderboard/criteria', signal)).data,
    staleTime: 5 * 60_000,
  });
