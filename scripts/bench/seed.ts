/**
 * Seeds the benchmark's large club into a migrated, empty database with raw multi-row INSERTs inside
 * transactions: clubs, seasons, coaches, teams, players (most in one team, every 10th in two),
 * criteria on four levels, and evaluations of which only the latest per (player, criterion) is current
 * (is_current = 1); about 15% are superseded history rows with earlier dates; two report cycles over
 * every team and a report per player.
 */
import type { Kysely } from 'kysely';
import { scorePercentage, type LevelKind } from '../../src/shared/scoring.js';
import { createSuperadmin } from '../../src/server/cli/create-admin.js';
import { roleIdByKey } from '../../src/server/db/bootstrap.js';
import type { DB } from '../../src/server/db/types.js';
import { insertRows, type Cell } from './rows.js';

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
}

const CLUBS = 10;
const COACHES = 50;
const HISTORY_SHARE = 0.15;
const FIRST = ['Liam', 'Noah', 'Emma', 'Olivia', 'Mason', 'Ava', 'Lucas', 'Mia', 'Ethan', 'Sofia', 'Leo', 'Amelia', 'Kai', 'Zoe', 'Nora', 'Lily'];
const LAST = ['Johnson', 'Okafor', 'Müller', 'García', 'Novak', 'Kowalski', 'Rossi', 'Dubois', 'Nguyen', 'Andersen', 'Petrov', "O'Brien", 'Silva', 'Kim'];
const LEVELS: { name: string; kind: LevelKind }[] = [
  { name: 'Fundamentals', kind: 'scale_1_10' },
  { name: 'Athletics', kind: 'scale_1_10' },
  { name: 'Team play', kind: 'scale_1_10' },
  { name: 'Game IQ', kind: 'yes_no' },
];

/** Deterministic pseudo-random numbers: every run seeds the same club. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const day = (n: number) => new Date(START + n * DAY).toISOString().slice(0, 10);

async function ids(db: Kysely<DB>, table: 'players' | 'teams' | 'categories' | 'seasons' | 'users' | 'levels' | 'criteria' | 'report_cycles'): Promise<number[]> {
  return (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
}

async function seedStructure(trx: Kysely<DB>, sizes: Sizes, now: string) {
  const named = (prefix: string, n: number): Cell[][] => Array.from({ length: n }, (_, i) => [`${prefix} ${i + 1}`, now]);
  await insertRows(trx, 'categories', ['name', 'created_at'], named('Bench club', CLUBS));
  await insertRows(trx, 'seasons', ['name', 'created_at'], [['2024/25', now], ['2025/26', now]]);
  const coachRole = await roleIdByKey(trx, 'coach');
  const coachRows = Array.from({ length: COACHES }, (_, i) => ['Coach', `Number ${i + 1}`, `coach${i + 1}@bench.test`, null, coachRole, 1, 0, now, now]);
  await insertRows(trx, 'users', ['first_name', 'last_name', 'email', 'password_hash', 'role_id', 'status', 'must_change_password', 'created_at', 'updated_at'], coachRows);
  const coachIds = (await trx.selectFrom('users').select('id').where('role_id', '=', coachRole).orderBy('id').execute()).map((r) => r.id);
  const [clubs, seasons] = [await ids(trx, 'categories'), await ids(trx, 'seasons')];
  const teamRows = Array.from({ length: sizes.teams }, (_, i) => [`U${10 + (i % 9)} Team ${i + 1}`, clubs[i % clubs.length]!, seasons[i % 2]!, coachIds[i % coachIds.length]!, now, now]);
  await insertRows(trx, 'teams', ['name', 'category_id', 'season_id', 'coach_user_id', 'created_at', 'updated_at'], teamRows);
  await insertRows(trx, 'levels', ['name', 'kind', 'position', 'created_at'], LEVELS.map((l, i) => [l.name, l.kind, i, now]));
  const levels = await ids(trx, 'levels');
  const criteriaRows = Array.from({ length: sizes.criteria }, (_, i) => [`Criterion ${i + 1}`, levels[i % LEVELS.length]!, 1 + (i % 3), `What criterion ${i + 1} looks at.`, '[]', now, now]);
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
  await insertRows(trx, 'players', ['first_name', 'last_name', 'email', 'player_email', 'dob', 'video_links', 'created_at', 'updated_at'], playerRows);
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

const EVAL_COLUMNS = ['player_id', 'criterion_id', 'score', 'score_percentage', 'evaluator_user_id', 'evaluator_name', 'date', 'notes', 'video_links', 'is_current', 'created_at', 'updated_at'];

/**
 * `evaluations` rows in all: current ones on distinct (player, criterion) pairs spread over the club
 * (a stride through all pairs), history rows on earlier dates for some of those pairs.
 */
async function seedEvaluations(trx: Kysely<DB>, sizes: Sizes, evaluatorId: number) {
  const [players, criteria] = [await ids(trx, 'players'), await ids(trx, 'criteria')];
  const kinds = criteria.map((_, i) => LEVELS[i % LEVELS.length]!.kind);
  const weights = criteria.map((_, i) => 1 + (i % 3));
  const pairs = players.length * criteria.length;
  const current = Math.min(pairs, Math.round(sizes.evaluations * (1 - HISTORY_SHARE)));
  const history = sizes.evaluations - current;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 7919; // coprime with pairs, so k → k × stride mod pairs visits every pair once
  while (gcd(stride, pairs) !== 1) stride += 2;
  const random = rng(7);
  const row = (pair: number, date: string, isCurrent: number): Cell[] => {
    const c = pair % criteria.length;
    const kind = kinds[c]!;
    const score = kind === 'yes_no' ? (random() < 0.6 ? 1 : 0) : 1 + Math.floor(random() * 10);
    const stamp = `${date}T12:00:00.000Z`;
    return [players[Math.floor(pair / criteria.length)]!, criteria[c]!, score, scorePercentage(kind, score, weights[c]!), evaluatorId, 'Bench Admin', date, '', '[]', isCurrent, stamp, stamp];
  };
  const batch: Cell[][] = [];
  const flush = async () => {
    await insertRows(trx, 'evaluations', EVAL_COLUMNS, batch);
    batch.length = 0;
  };
  for (let k = 0; k < current + history; k++) {
    const pair = ((k % current) * stride) % pairs;
    const latest = 200 + ((pair * 31) % 530); // 2024-07-19 … 2025-12-31
    if (k < current) batch.push(row(pair, day(latest), 1));
    else batch.push(row(pair, day(latest - 20 - Math.floor((k / current) * 60) - (k % 100)), 0));
    if (batch.length === 10_000) await flush();
  }
  await flush();
  return { current, history };
}

/**
 * Report cycles for the dashboard row: an earlier one and one whose window holds today over every
 * team, and one report per player of the current cycle (its first team), spread over the states, with
 * every 5th player re-issued (version 1 superseded).
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
  await insertRows(trx, 'report_cycle_teams', ['cycle_id', 'team_id'], teams.flatMap((t) => [[spring!, t], [autumn!, t]]));
  const firstTeam = await trx.selectFrom('team_players').select(['player_id']).select((eb) => eb.fn.min('team_id').as('team_id')).groupBy('player_id').execute();
  const states = ['draft', 'approved', 'sent', 'viewed'] as const;
  const rows: Cell[][] = [];
  firstTeam.forEach((m, i) => {
    const state = states[i % states.length]!;
    const viewed = state === 'viewed' ? now : null;
    if (i % 5 === 0) rows.push([autumn!, m.player_id, m.team_id, 1, 'superseded', 'Bench comment.', '{}', '[]', null, now, now]);
    rows.push([autumn!, m.player_id, m.team_id, i % 5 === 0 ? 2 : 1, state, 'Bench comment.', '{}', '[]', viewed, now, now]);
  });
  const columns = ['cycle_id', 'player_id', 'team_id', 'version', 'state', 'overall_comment', 'criterion_comments', 'focus', 'viewed_at', 'created_at', 'updated_at'];
  await insertRows(trx, 'reports', columns, rows);
}

export async function seedClub(db: Kysely<DB>, sizes: Sizes): Promise<Club> {
  const admin = { email: 'bench-admin@bench.test', password: 'bench-admin-password' };
  await createSuperadmin(db, { ...admin, first_name: 'Bench', last_name: 'Admin' });
  const adminId = (await db.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await seedStructure(trx, sizes, now);
    await seedPlayers(trx, sizes, now);
    await seedReports(trx, now);
  });
  const evaluations = await db.transaction().execute((trx) => seedEvaluations(trx, sizes, adminId));
  return {
    admin,
    playerIds: await ids(db, 'players'),
    teamIds: await ids(db, 'teams'),
    categoryIds: await ids(db, 'categories'),
    criteriaIds: await ids(db, 'criteria'),
    evaluations,
  };
}
