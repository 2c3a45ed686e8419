import type { Kysely } from 'kysely';
import { MSG } from '../../../shared/messages.js';
import { PUBLIC_BOARD_OFF, PUBLIC_PERIODS, publicPeriodStart, type PublicPeriod } from '../../../shared/schemas/leaderboard.js';
import type { LeaderboardFilter } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { nowMs, todayDate } from '../../lib/time.js';
import type { WorkGate } from '../../lib/work-gate.js';
import { Revalidating } from '../scores/score-cache.js';
import { scoreVersion } from '../scores/scores.repository.js';
import { clubRanking, playersBoardPage, type Boards, type Paging } from './leaderboard.service.js';
import type { Ranking } from './ranking.js';
import * as repo from './leaderboard.repository.js';

type Db = Kysely<DB>;
type Choices = Awaited<ReturnType<typeof repo.publicChoices>>;

/** What a visitor chooses: a fixed period, a whole level, a club (teams view); each id must exist. */
export interface PublicChoice {
  period: PublicPeriod;
  level?: number | undefined;
  category?: number | undefined;
}

const PERIOD_COUNT = Object.keys(PUBLIC_PERIODS).length;

/**
 * The public boards (ADR 0015). Every board a visitor can ask for is read off one club ranking per
 * period × level (the players view pages, a team's board, the teams view of every club), and each of
 * those rankings is computed at most once per score version, read at most every `maxAgeMs`: served at
 * once from memory, refreshed in the background through `gate` (stale-while-revalidate). Only a
 * ranking's first computation is waited for, and the gate refuses it when full (GateFull → 503).
 */
export function createPublicBoards(db: Db, boards: Boards, { maxAgeMs, gate }: { maxAgeMs: number; gate: WorkGate }) {
  const rankings = new Revalidating<{ filter: LeaderboardFilter; ranking: Ranking }>();
  let held = { version: 0, readAt: -Infinity };
  let known: { choices: Choices; readAt: number } | null = null;

  async function version(): Promise<number> {
    const now = nowMs();
    if (now - held.readAt >= maxAgeMs) held = { version: await scoreVersion(db), readAt: now };
    return held.version;
  }

  const knows = ({ levels, clubs }: Choices, q: PublicChoice) =>
    (q.level === undefined || levels.has(q.level)) && (q.category === undefined || clubs.has(q.category));

  /** The club's levels and clubs, read at most every `maxAgeMs`, and again before an id is refused. */
  async function choices(q: PublicChoice): Promise<Choices> {
    const now = nowMs();
    if (!known || now - known.readAt >= maxAgeMs || !knows(known.choices, q))
      known = { choices: await repo.publicChoices(db), readAt: now };
    const { levels, clubs } = known.choices;
    if (q.level !== undefined && !levels.has(q.level)) throw badRequest(MSG.boardUnknownLevel, 'level');
    if (q.category !== undefined && !clubs.has(q.category)) throw badRequest(MSG.boardUnknownClub, 'category');
    // The caches hold exactly the boards there are.
    rankings.resize(PERIOD_COUNT * (levels.size + 1));
    boards.sizeRankedTeams(PERIOD_COUNT * (levels.size + 1) * (clubs.size + 1));
    return known.choices;
  }

  /** The ranking of a period and level, with the version and the filter it was made for. */
  async function ranked(q: PublicChoice) {
    const { levels } = await choices(q);
    const criteriaIds = q.level === undefined ? undefined : levels.get(q.level)!;
    // A level without criteria would be the unfiltered board under another name.
    if (criteriaIds?.length === 0) throw notFound();
    const filter: LeaderboardFilter = { from: publicPeriodStart(q.period, todayDate()), criteriaIds };
    const served = await rankings.get(await version(), `${q.period}:${q.level ?? ''}`, JSON.stringify(filter), () =>
      gate.run(async () => ({ filter, ranking: await clubRanking(db, filter) })),
    );
    return { read: { version: served.version, club: served.value.ranking }, filter: served.value.filter };
  }

  return {
    /** A page of the players view, or of one team's board (404 for an unknown team). */
    async playersPage(q: PublicChoice & { teamId?: number }, paging: Paging) {
      const { read, filter } = await ranked(q);
      return playersBoardPage(boards, q.teamId === undefined ? filter : { ...filter, teamId: q.teamId }, paging, null, read);
    },
    /** The teams view: every team, or one club's. */
    async teamsBoard(q: PublicChoice) {
      const { read, filter } = await ranked(q);
      return boards.teamsOfRanking(read, filter, q.category);
    },
  };
}

/** How the public boards show names; the admin's 'off' answers every public board 404 with a clear message. */
export async function publicNames(db: Db): Promise<Exclude<repo.PublicNames, 'off'>> {
  const mode = await repo.publicNamesSetting(db);
  if (mode === 'off') throw new HttpError(404, PUBLIC_BOARD_OFF);
  return mode;
}
