/**
 * Seeds the benchmark's large club into a migrated, empty database: clubs, seasons, coaches, teams,
 * players (most in one team, every 10th in two) and criteria on four levels with raw multi-row
 * INSERTs in a transaction; the evaluations, of which only the latest per (player, criterion) is
 * current (is_current = 1) and about 15% are superseded history rows with earlier dates, in one
 * set-based INSERT … SELECT loaded like a restore (bulk.ts); two report cycles over every team and a
 * report per player (the dashboard's row); guardians, a coach of two teams and a player with 600
 * evaluations for the screens rows (seed-screens.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { LevelKind } from '../../src/shared/scoring.js';
import type { Database } from '../../src/server/db/index.js';
import { rebuildScores } from '../../src/server/modules/scores/rebuild.repository.js';
import { createSuperadmin } from '../../src/server/cli/create-admin.js';
import { roleIdByKey } from '../../src/server/db/bootstrap.js';
import type { DB } from '../../src/server/db/types.js';
import { dayAfterStart, series, withoutIndexesAndTriggers } from './bulk.js';
import { insertRows, type Cell } from './rows.js';
import { seedFamilies, seedScreens, type ScreensClub } from './seed-screens.js';

export interface Sizes {
  players: number;
  criteria: number;
  evaluations: number;
  teams: number;
}

export interface Club {
  admin: { email: string; password: string };
  playerIds: number[];
  teamIds: number[];
  categoryIds: number[];
  criteriaIds: number[];
  evaluations: { current: number; history: number };
  screens: ScreensClub;
}

const CLUBS = 10;
const COACHES = 50;
const HISTORY_SHARE = 0.15;
const FIRST = [
  'Liam',
  'Noah',
  'Emma',
  'Olivia',
  'Mason',
  'Ava',
  'Lucas',
  'Mia',
  'Ethan',
  'Sofia',
  'Leo',
  'Amelia',
  'Kai',
  'Zoe',
  'Nora',
  'Lily',
];
const LAST = [
  'Johnson',
  'Okafor',
  'Müller',
  'García',
  'Novak',
  'Kowalski',
  'Rossi',
  'Dubois',
  'Nguyen',
  'Andersen',
  'Petrov',
  "O'Brien",
  'Silva',
  'Kim',
];
const LEVELS: { name: string; kind: LevelKind }[] = [
  { name: 'Fundamentals', kind: 'scale_1_10' },
  { name: 'Athletics', kind: 'scale_1_10' },
  { name: 'Team play', kind: 'scale_1_10' },
  { name: 'Game IQ', kind: 'yes_no' },
];

const DAY = 86_400_000;

async function ids(
  db: Kysely<DB>,
  table: 'players' | 'teams' | 'categories' | 'seasons' | 'users' | 'levels' | 'criteria' | 'report_cycles',
): Promise<number[]> {
  return (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
}

async function seedStructure(trx: Kysely<DB>, sizes: Sizes, now: string) {
  const named = (prefix: string, n: number): Cell[][] => Array.from({ length: n }, (_, i) => [`${prefix} ${i + 1}`, now]);
  await insertRows(trx, 'categories', ['name', 'created_at'], named('Bench club', CLUBS));
  await insertRows(
    trx,
    'seasons',
    ['name', 'created_at'],
    [
      ['2024/25', now],
      ['2025/26', now],
    ],
  );
  const coachRole = await roleIdByKey(trx, 'coach');
  const coachRows = Array.from({ length: COACHES }, (_, i) => [
    'Coach',
    `Number ${i + 1}`,
    `coach${i + 1}@bench.test`,
    null,
    coachRole,
    1,
    0,
    now,
    now,
  ]);
  await insertRows(
    trx,
    'users',
    ['first_name', 'last_name', 'email', 'password_hash', 'role_id', 'status', 'must_change_password', 'created_at', 'updated_at'],
    coachRows,
  );
  const coachIds = (await trx.selectFrom('users').select('id').where('role_id', '=', coachRole).orderBy('id').execute()).map((r) => r.id);
  const [clubs, seasons] = [await ids(trx, 'categories'), await ids(trx, 'seasons')];
  const teamRows = Array.from({ length: sizes.teams }, (_, i) => [
    `U${10 + (i % 9)} Team ${i + 1}`,
    clubs[i % clubs.length]!,
    seasons[i % 2]!,
    coachIds[i % coachIds.length]!,
    now,
    now,
  ]);
  await insertRows(trx, 'teams', ['name', 'category_id', 'season_id', 'coach_user_id', 'created_at', 'updated_at'], teamRows);
  await insertRows(
    trx,
    'levels',
    ['name', 'kind', 'position', 'created_at'],
    LEVELS.map((l, i) => [l.name, l.kind, i, now]),
  );
  const levels = await ids(trx, 'levels');
  const criteriaRows = Array.from({ length: sizes.criteria }, (_, i) => [
    `Criterion ${i + 1}`,
    levels[i % LEVELS.length]!,
    1 + (i % 3),
    `What criterion ${i + 1} looks at.`,
    '[]',
    now,
    now,
  ]);
  await insertRows(trx, 'criteria', ['name', 'level_id', 'weight', 'description', 'video_links', 'created_at', 'updated_at'], criteriaRows);
}

async function seedPlayers(trx: Kysely<DB>, sizes: Sizes, now: string) {
  const playerRows = Array.from({ length: sizes.players }, (_, i) => [
    FIRST[i % FIRST.length]!,
    `${LAST[(i * 7) % LAST.length]!}-${i + 1}`,
    `parent${i + 1}@bench.test`,
    i % 25 === 0 ? `player${i + 1}@bench.test` : null,
    2008 + (i % 10),
    '[]',
    now,
    now,
  ]);
  await insertRows(
    trx,
    'players',
    ['first_name', 'last_name', 'email', 'player_email', 'dob', 'video_links', 'created_at', 'updated_at'],
    playerRows,
  );
  const [players, teams] = [await ids(trx, 'players'), await ids(trx, 'teams')];
  const memberships: Cell[][] = [];
  players.forEach((p, i) => {
    const first = i % teams.length;
    memberships.push([teams[first]!, p]);
    const second = (i * 7 + 3) % teams.length;
    if (i % 10 === 0 && second !== first) memberships.push([teams[second]!, p]);
  });
  await insertRows(trx, 'team_players', ['team_id', 'player_id'], memberships);
}

const EVAL_COLUMNS = [
  'player_id',
  'criterion_id',
  'score',
  'score_percentage',
  'evaluator_user_id',
  'evaluator_name',
  'date',
  'notes',
  'video_links',
  'is_current',
  'created_at',
  'updated_at',
];

/** Ids the seeder just inserted into an empty table: consecutive, so row k's id is first + k. */
async function consecutive(db: Kysely<DB>, table: 'players' | 'criteria'): Promise<{ first: number; count: number }> {
  const list = await ids(db, table);
  if (!list.length || list.at(-1)! - list[0]! + 1 !== list.length)
    throw new Error(`bench seed: ${table} ids are not consecutive; seed an empty database`);
  return { first: list[0]!, count: list.length };
}

/**
 * `evaluations` rows in all, in one INSERT … SELECT over a generated series (no row leaves the
 * database): current ones on distinct (player, criterion) pairs spread over the club (a stride
 * through all pairs), history rows on earlier dates for some of those pairs. Criterion c is on level
 * c mod 4 (the last one Yes/No) with weight 1 + c mod 3, as seedStructure made them.
 */
async function seedEvaluations(database: Database, sizes: Sizes, evaluatorId: number) {
  const { db, dialect } = database;
  const [players, criteria] = [await consecutive(db, 'players'), await consecutive(db, 'criteria')];
  const pairs = players.count * criteria.count;
  const current = Math.min(pairs, Math.round(sizes.evaluations * (1 - HISTORY_SHARE)));
  const history = sizes.evaluations - current;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 7919; // coprime with pairs, so k → k × stride mod pairs visits every pair once
  while (gcd(stride, pairs) !== 1) stride += 2;
  const yesNo = LEVELS.length - 1;
  // k: row number; pair, c: its (player, criterion); h: a deterministic pseudo-random number.
  const rows = `select n, ((n % ${current}) * ${stride}) % ${pairs} as pair, (n * 1103515245 + 12345) % 2147483648 as h from ${series(dialect, current + history)}`;
  const latest = `200 + ((pair * 31) % 530)`; // 2024-07-19 … 2025-12-31
  const offset = `case when n < ${current} then ${latest} else ${latest} - 20 - (n * 60) / ${current} - (n % 100) end`;
  const c = `(pair % ${criteria.count})`;
  const score = `case when ${c} % ${LEVELS.length} = ${yesNo} then (case when h % 10 < 6 then 1 else 0 end) else 1 + h % 10 end`;
  const percentage = `case when ${c} % ${LEVELS.length} = ${yesNo} then (${score}) * (1 + ${c} % 3) else ((${score}) / 10.0) * (1 + ${c} % 3) end`;
  const day = dayAfterStart(dialect, offset);
  const insert = `insert into evaluations (${EVAL_COLUMNS.join(', ')})
    select ${players.first} + pair / ${criteria.count}, ${criteria.first} + ${c}, ${score}, ${percentage}, ${evaluatorId}, 'Bench Admin',
      ${day}, '', '[]', case when n < ${current} then 1 else 0 end, ${day} || 'T12:00:00.000Z', ${day} || 'T12:00:00.000Z'
    from (${rows}) as generated`;
  const t0 = Date.now();
  await withoutIndexesAndTriggers(db, dialect, 'evaluations', () => sql.raw(insert).execute(db));
  const t1 = Date.now();
  await rebuildScores(db, { flags: false }); // the INSERT set them: latest per pair
  console.log(
    `  evaluations loaded and indexed in ${((t1 - t0) / 1000).toFixed(1)} s, figures rebuilt in ${((Date.now() - t1) / 1000).toFixed(1)} s`,
  );
  return { current, history };
}

/**
 * Report cycles for the dashboard and report rows: an earlier one and one whose window holds today over
 * every team, and one report per player of the current cycle (its first team), spread over the states
 * within each team, with every 5th player re-issued (version 1 superseded).
 */
async function seedReports(trx: Kysely<DB>, now: string) {
  const today = now.slice(0, 10);
  const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  const season = (await ids(trx, 'seasons'))[0]!;
  const cycleColumns = ['name', 'season_id', 'opens_on', 'closes_on', 'show_team_average', 'show_rank', 'created_at', 'updated_at'];
  await insertRows(trx, 'report_cycles', cycleColumns, [
    ['Bench spring', season, shift(-240), shift(-200), 0, 0, now, now],
    ['Bench autumn', season, shift(-30), shift(30), 0, 0, now, now],
  ]);
  const [spring, autumn] = await ids(trx, 'report_cycles');
  const teams = await ids(trx, 'teams');
  await insertRows(
    trx,
    'report_cycle_teams',
    ['cycle_id', 'team_id'],
    teams.flatMap((t) => [
      [spring!, t],
      [autumn!, t],
    ]),
  );
  const firstTeam = await trx
    .selectFrom('team_players')
    .select(['player_id'])
    .select((eb) => eb.fn.min('team_id').as('team_id'))
    .groupBy('player_id')
    .orderBy('player_id')
    .execute();
  const states = ['draft', 'approved', 'sent', 'viewed'] as const;
  const names = new Map((await trx.selectFrom('players').select(['id', 'first_name', 'last_name']).execute()).map((p) => [p.id, p]));
  const teamNames = new Map((await trx.selectFrom('teams').select(['id', 'name']).execute()).map((t) => [t.id, t.name]));
  const criteria = await trx.selectFrom('criteria').select(['id', 'name']).orderBy('id').limit(10).execute();
  // Frozen at approval (ADR 0020): what the send preview requires of an approved report, and what the family reads.
  const snapshot = (playerId: number, teamId: number) =>
    JSON.stringify({
      player: { first_name: names.get(playerId)!.first_name, last_name: names.get(playerId)!.last_name },
      cycle: { name: 'Bench autumn', season: '2024/25', closes_on: shift(30) },
      team: { name: teamNames.get(teamId)! },
      evaluated_by: 'Coach',
      criteria: criteria.map((c, k) => ({
        criterion_id: c.id,
        label: c.name,
        description: '',
        percent: 40 + ((playerId + k) % 60),
        comment: null,
      })),
      total: 60,
      previous_total: null,
      change: null,
      team_average: null,
      rank: null,
      overall_comment: 'Bench comment.',
      focus: [],
    });
  const rows: Cell[][] = [];
  // By the player's place in the team, so that every team holds every state (the team page, the send preview).
  const placed = new Map<number, number>();
  firstTeam.forEach((m, i) => {
    const nth = placed.get(m.team_id) ?? 0;
    placed.set(m.team_id, nth + 1);
    const state = states[nth % states.length]!;
    const [frozen, approved] = state === 'draft' ? [null, null] : [snapshot(m.player_id, m.team_id), now];
    const sent = state === 'sent' || state === 'viewed' ? now : null;
    const viewed = state === 'viewed' ? now : null;
    if (i % 5 === 0)
      rows.push([autumn!, m.player_id, m.team_id, 1, 'superseded', 'Bench comment.', '{}', '[]', null, null, null, null, now, now]);
    const version = i % 5 === 0 ? 2 : 1;
    rows.push([autumn!, m.player_id, m.team_id, version, state, 'Bench comment.', '{}', '[]', frozen, approved, sent, viewed, now, now]);
  });
  const columns = [
    'cycle_id',
    'player_id',
    'team_id',
    'version',
    'state',
    'overall_comment',
    'criterion_comments',
    'focus',
    'snapshot',
    'approved_at',
    'sent_at',
    'viewed_at',
    'created_at',
    'updated_at',
  ];
  await insertRows(trx, 'reports', columns, rows);
}

/**
 * Development plans for the goals reads (ADR 0029): two goals per player on two of the criteria, one
 * active with a check-in and one achieved, each with its "created" event, and every 10th player a
 * proposal of their own; a team's goals page and a player's goals read these.
 */
async function seedGoals(trx: Kysely<DB>, now: string) {
  const today = now.slice(0, 10);
  const players = await ids(trx, 'players');
  const criteria = await ids(trx, 'criteria');
  const columns = ['player_id', 'criterion_id', 'title', 'description', 'baseline_score', 'baseline_on', 'target_score', 'due_on'].concat([
    'visible_to_family',
    'state',
    'state_changed_at',
    'created_at',
    'updated_at',
  ]);
  const rows: Cell[][] = players.flatMap((p, i) => {
    const c = (k: number) => criteria[(i + k) % criteria.length]!;
    const goal = (k: number, state: string): Cell[] => [p, c(k), '', 'Bench goal.', 5, today, 7, '2099-01-01', 1, state, now, now, now];
    return [goal(0, 'active'), goal(1, 'achieved'), ...(i % 10 === 0 ? [goal(2, 'proposed')] : [])];
  });
  await insertRows(trx, 'goals', columns, rows);
  const goals = await trx.selectFrom('goals').select(['id', 'player_id', 'state']).orderBy('id').execute();
  await insertRows(
    trx,
    'goal_events',
    ['goal_id', 'player_id', 'kind', 'to_state', 'score', 'note', 'by_name', 'created_at'],
    goals.map((g) => [g.id, g.player_id, 'created', g.state === 'proposed' ? 'proposed' : 'active', 5, '', 'Bench Admin', now]),
  );
  await insertRows(
    trx,
    'goal_check_ins',
    ['goal_id', 'player_id', 'on_date', 'note', 'by_name', 'by_player', 'created_at'],
    goals.filter((g) => g.state === 'active').map((g) => [g.id, g.player_id, today, 'Bench check-in.', 'Bench Admin', 0, now]),
  );
}

/** Lane agility's all-ages bands (lower is better), as the bench's measured test reads them. */
const LANE_BANDS = [
  { points: 10, limit: 10.8 },
  { points: 9, limit: 11.2 },
  { points: 8, limit: 11.6 },
  { points: 7, limit: 12 },
  { points: 6, limit: 12.5 },
];

/**
 * A measured test (ADR 0030) on a level of its own: lane agility in seconds with all-ages bands and one
 * current value per player (the screens' player too), its points by the bands written in the same
 * INSERT … SELECT, so boards and a player's page read a measured criterion beside the others. The
 * score triggers run (a few thousand rows): the maintained totals include it.
 */
async function seedMeasured(db: Kysely<DB>, now: string, evaluatorId: number, lastClubPlayer: number) {
  const level = await db
    .insertInto('levels')
    .values({ name: 'Combine tests', kind: 'measured', position: LEVELS.length, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const criterion = await db
    .insertInto('criteria')
    .values({
      name: 'Lane agility',
      level_id: level.id,
      weight: 2,
      description: 'Lane agility drill, seconds, best of 2.',
      video_links: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('criterion_measures')
    .values({
      criterion_id: criterion.id,
      unit: 's',
      decimals: 2,
      direction: 'lower',
      min_value: 8,
      max_value: 20,
      attempts: 'best',
      attempt_count: 2,
      rule: JSON.stringify({ method: 'bands', bandSets: [{ ageGroup: null, bands: LANE_BANDS }] }),
      updated_at: now,
    })
    .execute();
  const value = sql`round(10 + (p.id % 30) / 10.0, 1)`;
  const points = sql.join(
    LANE_BANDS.map((b) => sql`when ${value} <= ${sql.lit(b.limit)} then ${sql.lit(b.points)}`),
    sql` `,
  );
  const score = sql`case ${points} else 1 end`;
  await sql`insert into evaluations (player_id, criterion_id, score, score_percentage, evaluator_user_id, evaluator_name, date, notes,
      video_links, is_current, created_at, updated_at, measured_value, measured_attempts, points_basis)
    select p.id, ${sql.lit(criterion.id)}, ${score}, (${score}) / 10.0 * 2, ${sql.lit(evaluatorId)}, 'Bench Admin', '2025-06-01', '',
      '[]', 1, '2025-06-01T12:00:00.000Z', '2025-06-01T12:00:00.000Z', ${value}, '[' || ${value} || ']', 'all-ages bands'
    from players p where p.id <= ${sql.lit(lastClubPlayer)}`.execute(db);
}

export async function seedClub(database: Database, sizes: Sizes): Promise<Club> {
  const { db } = database;
  const admin = { email: 'bench-admin@bench.test', password: 'bench-admin-password' };
  await createSuperadmin(db, { ...admin, first_name: 'Bench', last_name: 'Admin' });
  const adminId = (await db.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await seedStructure(trx, sizes, now);
    await seedPlayers(trx, sizes, now);
    await seedReports(trx, now);
    await seedFamilies(trx, now);
    await seedGoals(trx, now);
  });
  const evaluations = await seedEvaluations(database, sizes, adminId);
  // Read before the screens' own player is added: the other rows pick among the seeded players.
  const playerIds = await ids(db, 'players');
  const screens = await seedScreens(db, adminId, now);
  // The club's players only: the screens' export player keeps its exact count of evaluations.
  await seedMeasured(
    db,
    now,
    adminId,
    playerIds.reduce((a, b) => Math.max(a, b), 0),
  );
  return {
    admin,
    playerIds,
    teamIds: await ids(db, 'teams'),
    categoryIds: await ids(db, 'categories'),
    criteriaIds: await ids(db, 'criteria'),
    evaluations,
    screens,
  };
}
