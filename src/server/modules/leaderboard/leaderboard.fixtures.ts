import type { Kysely } from 'kysely';
import type { ScoredEvaluation } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { createTestApp, type Client, type TestApp } from '../../test/harness.js';
import { nowIso, nowMs } from '../../lib/time.js';

/** Test-only data on top of the demo club: random teams, history, ties, an empty team. */

export interface RandomClub {
  criteriaIds: number[];
  categoryId: number;
  coachUserId: number;
  tieTeamId: number;
  emptyTeamId: number;
  teamIds: number[];
  /** A date `n` days after a base 60 days ago (so filters overlap the demo's evaluations too). */
  day(n: number): string;
}

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

export async function addRandomClub(db: Kysely<DB>, seed: number): Promise<RandomClub> {
  const random = rng(seed);
  const base = nowMs() - 60 * 86_400_000;
  const day = (n: number) => new Date(base + n * 86_400_000).toISOString().slice(0, 10);
  const now = nowIso();
  const criteriaIds = (await db.selectFrom('criteria').select('id').orderBy('id').execute()).map((c) => c.id);
  const season = await db.selectFrom('seasons').select('id').executeTakeFirstOrThrow();
  const coachRole = await db.selectFrom('roles').select('id').where('key', '=', 'coach').executeTakeFirstOrThrow();
  const coach = await db
    .insertInto('users')
    .values({
      first_name: 'Robin',
      last_name: 'Random',
      email: `robin.random.${seed}@example.org`,
      password_hash: null,
      role_id: coachRole.id,
      status: 1,
      player_id: null,
      must_change_password: 0,
      password_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = await db
    .insertInto('categories')
    .values({ name: `Random Club ${seed}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const team = async (name: string) =>
    (
      await db
        .insertInto('teams')
        .values({ name, category_id: category.id, season_id: season.id, coach_user_id: coach.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const teamIds = [await team('Random A'), await team('Random B'), await team('Random C')];
  const tieTeamId = await team('Tie Team');
  const emptyTeamId = await team('Empty Team');

  const player = async (first: string, last: string) =>
    (
      await db
        .insertInto('players')
        .values({
          first_name: first,
          last_name: last,
          email: `${first}.${last}@example.org`.toLowerCase(),
          player_email: null,
          dob: 2012,
          profile_img: null,
          video_links: '[]',
          pdf_file_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  let createdAt = 0;
  const evaluate = async (playerId: number, criterionId: number, pct: number, date: string, current: boolean) => {
    createdAt++;
    const stamp = new Date(base + createdAt * 1000).toISOString();
    await db
      .insertInto('evaluations')
      .values({
        player_id: playerId,
        criterion_id: criterionId,
        score: 1,
        score_percentage: pct,
        evaluator_user_id: coach.id,
        evaluator_name: 'Robin Random',
        date,
        notes: '',
        video_links: '[]',
        is_current: current ? 1 : 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  };

  // Random players: some in two teams, some in none, some never evaluated; percentages from a small
  // set so totals tie often.
  const PCTS = [0, 2.5, 5, 7.5, 10];
  for (let i = 0; i < 30; i++) {
    const id = await player(`Rand${i}`, `Om${String.fromCharCode(65 + (i % 26))}`);
    const teamsOf = random() < 0.15 ? [] : random() < 0.25 ? [teamIds[0]!, teamIds[1 + (i % 2)]!] : [teamIds[i % 3]!];
    for (const t of teamsOf) await db.insertInto('team_players').values({ team_id: t, player_id: id }).execute();
    if (random() < 0.2) continue;
    for (const c of criteriaIds) {
      if (random() < 0.4) continue;
      const rounds = 1 + Math.floor(random() * 3);
      let d = Math.floor(random() * 20);
      for (let r = 0; r < rounds; r++) {
        await evaluate(id, c, PCTS[Math.floor(random() * PCTS.length)]!, day(d), r === rounds - 1);
        d += 1 + Math.floor(random() * 30);
      }
    }
  }

  // Tie team: totals 30, 20, 20, 10 and one player never evaluated → ranks 1, 2, 2, 4, 5.
  for (const [i, pct] of [30, 20, 20, 10, null].entries()) {
    const id = await player(`Tie${i}`, 'Player');
    await db.insertInto('team_players').values({ team_id: tieTeamId, player_id: id }).execute();
    if (pct !== null) await evaluate(id, criteriaIds[1]!, pct, day(10), true);
  }
  return { criteriaIds, categoryId: category.id, coachUserId: coach.id, tieTeamId, emptyTeamId, teamIds, day };
}

/** Evaluations for the shared module: it decides "current" from dates, so superseded rows get an early date. */
export async function loadEvaluations(db: Kysely<DB>): Promise<ScoredEvaluation[]> {
  const rows = await db
    .selectFrom('evaluations')
    .select(['id', 'player_id', 'criterion_id', 'date', 'created_at', 'score_percentage', 'is_current'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    playerId: r.player_id,
    criterionId: r.criterion_id,
    date: r.is_current ? r.date : '1900-01-01',
    createdAt: r.created_at,
    scorePercentage: Number(r.score_percentage),
  }));
}

/** A demo-club app with a random club added (`seed`) and the admin signed in: the board tests' setup. */
export async function randomClubApp(seed: number): Promise<{ t: TestApp; admin: Client; club: RandomClub }> {
  const t = await createTestApp();
  const admin = await t.login('admin');
  return { t, admin, club: await addRandomClub(t.db, seed) };
}
