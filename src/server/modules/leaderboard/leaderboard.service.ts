import type { Kysely } from 'kysely';
import { rank, roundPercent, type LeaderboardFilter } from '../../../shared/scoring.js';
import type { BoardPlayerRow, BoardTeamRow } from '../../../shared/schemas/leaderboard.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { RankingCache } from '../scores/score-cache.js';
import { isUnfiltered, resolveScope, scoreVersion } from '../scores/scores.repository.js';
import * as repo from './leaderboard.repository.js';
import * as order from './board-order.repository.js';
import { findTeamName } from '../../policies/scope.repository.js';
import { namedOnPublicBoards } from '../family/consents.repository.js';
import { Ranking, type Ranked } from './ranking.js';

/**
 * Builds the boards: the ranking (shared SQL aggregate + the shared rank(): ties share a rank), the
 * pages of the players board and the whole teams board are cached per score version, which every
 * change they show moves (migrations 0006, 0008; ADR 0006).
 */

type Db = Kysely<DB>;
export type { Ranked };
type PageRows = { rows: BoardPlayerRow[]; total: number };

export interface PlayersFilter extends LeaderboardFilter {
  teamId?: number;
}
export interface Paging {
  page: number;
  pageSize: number;
  q?: string | undefined;
  /**
   * Set on public boards only: what `q` may match ('initial' searches the shown form only). Public
   * boards name only players whose guardians consent (ADR 0019); the others are anonymous and unsearchable.
   */
  names?: 'full' | 'initial';
}

const keyOf = (kind: string, f: LeaderboardFilter & { teamId?: number; categoryId?: number }) =>
  JSON.stringify([
    kind,
    f.teamId ?? null,
    f.categoryId ?? null,
    f.from ?? null,
    f.to ?? null,
    f.criteriaIds ? [...f.criteriaIds].sort((a, b) => a - b) : null,
  ]);

/** A public row without consent: no name, photo or id (the position keeps row keys unique). */
export const ANONYMOUS_NAME = 'Anonymous player';
const anonymousFace = (position: number) => ({ id: -(position + 1), first_name: ANONYMOUS_NAME, last_name: '', profile_img: null });

/** How a board is read: the score version it is for, and the club ranking when the caller brings its own. */
export interface BoardRead {
  version: number;
  /** The club ranking of the filter (no team), made at `version`: public boards serve theirs (public.service.ts). */
  club?: Ranking;
}

/** The ranking of a filter (the club's, or a team's when it names one). */
export async function clubRanking(db: Db, filter: LeaderboardFilter & { teamId?: number }): Promise<Ranking> {
  return Ranking.of(await repo.playerTotalsRanked(db, filter));
}

/**
 * Rows the staff rankings may hold in memory (ADR 0023): eight club rankings at 50,000 players
 * (about 1.2 MB each, ranking.ts), any number at a small club.
 */
export const RANKING_CACHE_ROWS = 400_000;
const rows = (ranking: Ranking) => ranking.length;
/** Rows of teams boards kept per cache (about 200 bytes a row: some 10 MB each). */
export const TEAM_BOARD_CACHE_ROWS = 50_000;

export function createBoards(db: Db) {
  const players = new RankingCache<Ranking>(64, rows, RANKING_CACHE_ROWS);
  // Apart from the club rankings, so that walking every team's board cannot evict them.
  const teamRankings = new RankingCache<Ranking>(512, rows, RANKING_CACHE_ROWS / 4);
  const pages = new RankingCache<PageRows>(256);
  // Teams boards hold a row per team (2,000 at 10×): bounded by rows as the rankings are (ADR 0023).
  const teamBoards = new RankingCache<BoardTeamRow[]>(256, (board) => board.length, TEAM_BOARD_CACHE_ROWS);
  const teams = new RankingCache<{ id: number; name: string } | null>(256);
  // The teams boards read off a club ranking (public teams view), and what they are read with.
  const rankedTeams = new RankingCache<BoardTeamRow[]>(256, (board) => board.length, TEAM_BOARD_CACHE_ROWS);
  const teamList = new RankingCache<repo.TeamWithMembers[]>(2);
  const boardCounts = new RankingCache<order.BoardCounts>(1);
  const wholeBoardPeriods = new RankingCache<boolean>(64);

  /**
   * Whether a filter asks for the unfiltered board: no criteria, and no period or one beyond every
   * evaluation (resolveScope). A period's answer is cached: its date lookups would run on every warm request.
   */
  async function readsWholeBoard(version: number, filter: LeaderboardFilter): Promise<boolean> {
    if (filter.criteriaIds?.length) return false;
    if (isUnfiltered(filter)) return true;
    return wholeBoardPeriods.get(version, keyOf('p', filter), async () => isUnfiltered(await resolveScope(db, filter)));
  }

  const currentRead = async (): Promise<BoardRead> => ({ version: await scoreVersion(db) });

  /**
   * A team's ranking reads the team (ADR 0023): its members' totals in SQL, or, when the caller brings
   * the club ranking (public boards, ADR 0015), the members picked out of it by position. A total
   * never depends on the team, so both give the club's order restricted to the members.
   */
  async function rankingAt({ version, club: given }: BoardRead, filter: PlayersFilter): Promise<Ranking> {
    const { teamId, ...clubFilter } = filter;
    if (teamId === undefined) return given ?? (await players.get(version, keyOf('p', clubFilter), () => clubRanking(db, clubFilter)));
    return teamRankings.get(version, keyOf('p', filter), async () => {
      if (!given) return clubRanking(db, filter);
      const members = await repo.teamMemberIds(db, teamId);
      const picked = [...members]
        .map((id) => given.positionOf(id))
        .filter((i) => i >= 0)
        .sort((a, b) => a - b);
      return Ranking.of(picked.map((i) => given.at(i)));
    });
  }

  async function playerRanking(filter: PlayersFilter): Promise<Ranked[]> {
    return (await rankingAt(await currentRead(), filter)).slice();
  }

  /** The rows of one page; `q` narrows the rows but ranks stay those of the whole board. */
  async function pageRows(ranking: Ranking, paging: Paging): Promise<PageRows> {
    const start = (paging.page - 1) * paging.pageSize;
    if (!paging.q)
      return { rows: await cardRows(ranking.slice(start, start + paging.pageSize), start, paging.names), total: ranking.length };
    const matching = await repo.playerIdsMatching(db, paging.q, paging.names);
    // A short search matches much of the club: the consented set is read whole, never as an id list.
    const named = paging.names ? await namedOnPublicBoards(db) : null;
    const list = ranking.filter((id) => matching.has(id) && (!named || named.has(id)));
    return { rows: await cardRows(list.slice(start, start + paging.pageSize), start, paging.names), total: list.length };
  }

  /** A page of the unfiltered board read in board order (ADR 0023): no ranking of the club. */
  async function orderedPageRows(version: number, paging: Paging): Promise<PageRows> {
    const start = (paging.page - 1) * paging.pageSize;
    const counts = await boardCounts.get(version, 'all', () => order.boardCounts(db));
    const rows = await order.boardSlice(db, start, paging.pageSize, counts);
    const first = rows[0] ? 1 + (await order.shownAbove(db, rows[0].total)) : 0;
    const ranked = rank(rows, (r) => r.total).map((r) => ({ ...r, rank: r.rank === 1 ? first : start + r.rank }));
    return { rows: await cardRows(ranked, start), total: counts.all };
  }

  /** Board rows of ranked players from `start` (their cards, teams and, on public boards, consent). */
  async function cardRows(slice: Ranked[], start: number, names?: Paging['names']): Promise<BoardPlayerRow[]> {
    const ids = slice.map((r) => r.id);
    const [cards, named] = await Promise.all([repo.boardCards(db, ids), names ? namedOnPublicBoards(db, ids) : null]);
    const rows: BoardPlayerRow[] = [];
    for (const [i, r] of slice.entries()) {
      const card = cards.get(r.id);
      if (!card) continue; // deleted since the ranking was computed
      const { teamIds, coachUser, ...face } = card;
      const shown = named && !named.has(r.id) ? anonymousFace(start + i) : face;
      rows.push({ ...shown, rank: r.rank, totalScore: roundPercent(r.total), teamIds, coachUser });
    }
    return rows;
  }

  /**
   * One page of the players board with the viewer's own rank and the filtered team (null when none
   * was asked for or it does not exist). Pages are cached like rankings: names,
   * photos and memberships move the score version too (migrations 0006, 0008).
   */
  async function playersPage(filter: PlayersFilter, paging: Paging, mePlayerId: number | null, read?: BoardRead) {
    const at = read ?? (await currentRead());
    const { version } = at;
    // A team's name moves the version too (migration 0006 watches teams).
    const team =
      filter.teamId === undefined
        ? null
        : await teams.get(version, String(filter.teamId), async () => (await findTeamName(db, filter.teamId!)) ?? null);
    if (filter.teamId !== undefined && !team) return { rows: [], total: 0, page: paging.page, pageSize: paging.pageSize, me: null, team };
    // Players see their own team's board only, so the viewer's own rank never needs the club ranking here.
    if (!read && filter.teamId === undefined && !paging.q && mePlayerId === null && (await readsWholeBoard(version, filter))) {
      const pageKey = JSON.stringify(['ordered', paging.page, paging.pageSize]);
      const { rows, total } = await pages.get(version, pageKey, () => orderedPageRows(version, paging));
      return { rows, total, page: paging.page, pageSize: paging.pageSize, me: null, team };
    }
    const ranking = await rankingAt(at, filter);
    const pageKey = JSON.stringify([keyOf('p', filter), paging.page, paging.pageSize, paging.q ?? '', paging.names ?? 'staff']);
    const { rows, total } = await pages.get(version, pageKey, () => pageRows(ranking, paging));
    let me = null;
    if (mePlayerId !== null) {
      const at = ranking.positionOf(mePlayerId);
      if (at >= 0) {
        const mine = ranking.at(at);
        me = { id: mePlayerId, rank: mine.rank, totalScore: roundPercent(mine.total), page: Math.floor(at / paging.pageSize) + 1 };
      }
    }
    return { rows, total, page: paging.page, pageSize: paging.pageSize, me, team };
  }

  /**
   * The whole teams board, cached like the players pages (coach names move the version too). A period
   * covering every evaluation is the unfiltered board and shares its entry: one computation per version.
   */
  async function teamsBoard(filter: LeaderboardFilter & { categoryId?: number }): Promise<BoardTeamRow[]> {
    const { version } = await currentRead();
    const asked = (await readsWholeBoard(version, filter)) ? { categoryId: filter.categoryId } : filter;
    return teamBoards.get(version, keyOf('t', asked), async () => {
      const ranking = rank(await repo.teamAveragesByName(db, asked), (r) => r.averageScore);
      for (const r of ranking) r.averageScore = roundPercent(r.averageScore);
      return ranking;
    });
  }

  /**
   * The teams board of a club ranking, without an aggregate of its own: a team's average is its
   * members' totals ÷ its member count (as teamAverages computes it), so every club's board of a
   * filter is read off that filter's ranking and the memberships (one read per version).
   */
  async function teamsOfRanking(
    { version, club }: Required<BoardRead>,
    filter: LeaderboardFilter,
    categoryId?: number,
  ): Promise<BoardTeamRow[]> {
    return rankedTeams.get(version, keyOf('t', { ...filter, categoryId }), async () => {
      const list = await teamList.get(version, 'all', () => repo.teamsWithMembers(db));
      const averaged = list
        .filter((t) => categoryId === undefined || t.categoryId === categoryId)
        .map(({ categoryId: _club, memberIds, ...card }) => {
          const sum = memberIds.reduce((s, id) => s + club.totalOf(id), 0);
          return { ...card, playerCount: memberIds.length, averageScore: memberIds.length ? sum / memberIds.length : 0 };
        });
      return rank(averaged, (t) => t.averageScore).map((t) => ({ ...t, averageScore: roundPercent(t.averageScore) }));
    });
  }

  /** Bounds the caches of the teams boards read off rankings to the number of such boards (public teams view). */
  const sizeRankedTeams = (n: number) => rankedTeams.resize(n);

  return { playerRanking, playersPage, teamsBoard, teamsOfRanking, sizeRankedTeams };
}

export type Boards = ReturnType<typeof createBoards>;

/** A players board page (signed-in or public); a team filter naming no team is 404. */
export async function playersBoardPage(boards: Boards, filter: PlayersFilter, paging: Paging, mePlayerId: number | null, read?: BoardRead) {
  const page = await boards.playersPage(filter, paging, mePlayerId, read);
  if (filter.teamId !== undefined && !page.team) throw notFound();
  return page;
}

/** Levels with their criteria, for the boards' criteria filter. */
export async function criteriaFilter(db: Db) {
  return repo.levelsWithCriteria(db);
}

/** The public form of a name under the admin's setting. */
export function publicName(mode: repo.PublicNames, first: string, last: string): { first_name: string; last_name: string } {
  if (mode !== 'initial') return { first_name: first, last_name: last };
  const initial = [...last.trim()][0];
  return { first_name: first, last_name: initial ? `${initial.toUpperCase()}.` : '' };
}
