/**
 * The baselines that need the database: (b) each leaderboard aggregate as one raw SQL statement
 * (what the endpoint computes on a cache miss, without the app around it), and (c) a raw multi-row
 * INSERT of N player rows beside the real CSV import of N rows through POST /api/players/bulk.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/types.js';
import { multipart, request, type Session } from '../lib/http.js';
import { timeOnce } from './measure.js';
import { insertRows } from './rows.js';

/** Σ of the current evaluations per player from a period start (as the cache-cold requests): the app's aggregate (ADR 0006). */
const PLAYER_TOTALS = `
  SELECT player_id, sum(score_percentage) AS total
  FROM evaluations
  WHERE is_current = 1 AND (date || '') >= '1971-01-01'
  GROUP BY player_id`;

/** The players board's ranking: every player with their total, highest first, ties by name. */
export const PLAYERS_BOARD_SQL = `
  SELECT p.id, coalesce(pt.total, 0) AS total
  FROM players p LEFT JOIN (${PLAYER_TOTALS}) pt ON pt.player_id = p.id
  ORDER BY coalesce(pt.total, 0) DESC, lower(p.last_name), lower(p.first_name), p.id`;

/** The teams board: per team the player count and Σ players' totals ÷ player count. */
export const TEAMS_BOARD_SQL = `
  SELECT t.id, count(tp.player_id) AS player_count,
    CASE WHEN count(tp.player_id) = 0 THEN 0 ELSE coalesce(sum(pt.total), 0) / count(tp.player_id) END AS average
  FROM teams t
  LEFT JOIN team_players tp ON tp.team_id = t.id
  LEFT JOIN (${PLAYER_TOTALS}) pt ON pt.player_id = tp.player_id
  GROUP BY t.id
  ORDER BY average DESC, t.id`;

export const runSql = (db: Kysely<DB>, text: string) => () => sql.raw(text).execute(db);

/** Moves the score version, as any score write does: the next request of a cached view misses (the cold rows run it before each request, untimed). */
export const moveScoreVersion = (db: Kysely<DB>) => () =>
  db
    .updateTable('score_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();

/** A players CSV in the import template, no sign-in accounts (PlayerEmail empty), as the raw INSERT. */
export function playersCsv(tag: string, rows: number): Buffer {
  const lines = ['FirstName,LastName,Email,Dob,PlayerEmail'];
  for (let i = 0; i < rows; i++) lines.push(`Imported${i},${tag},${tag}.${i}@import.test,${2008 + (i % 10)},`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** ms of a CSV upload to a bulk route, checked to answer 200 with `rows` in its `count` field. */
async function timeUpload(session: Session, path: string, csv: Buffer, rows: number, count: 'created' | 'rows'): Promise<number> {
  const { body, contentType } = multipart({}, { field: 'bulkFile', name: 'import.csv', type: 'text/csv', data: csv });
  let answer = { status: 0, text: '' };
  const ms = await timeOnce(async () => {
    answer = await request(session.base, path, { method: 'POST', headers: { ...session.headers, 'content-type': contentType }, body });
  });
  const done = answer.status === 200 ? (JSON.parse(answer.text) as { data: Record<string, number> }).data[count] : -1;
  if (done !== rows) throw new Error(`${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return ms;
}

/** ms of POST /api/players/bulk with the players CSV. */
export const timeImport = (session: Session, rows: number, tag: string) =>
  timeUpload(session, '/api/players/bulk', playersCsv(tag, rows), rows, 'created');

/**
 * ms of the import wizard's first two steps on the players CSV: upload (read, store the cells, suggest
 * the mapping) and validate (check every row, match duplicates against the club, store the plan,
 * answer the preview's counts). Nothing is written to players: the preview is what is timed.
 */
export async function timeWizardPreview(session: Session, rows: number, tag: string): Promise<number> {
  const { body, contentType } = multipart({}, { field: 'file', name: 'import.csv', type: 'text/csv', data: playersCsv(tag, rows) });
  let counted = -1;
  let failure = '';
  const ms = await timeOnce(async () => {
    const up = await request(session.base, '/api/imports/players/upload', {
      method: 'POST',
      headers: { ...session.headers, 'content-type': contentType },
      body,
    });
    if (up.status !== 200) return void (failure = up.text);
    const { id, mapping } = (JSON.parse(up.text) as { data: { id: number; mapping: unknown } }).data;
    const plan = await request(session.base, `/api/import/${id}/validate`, {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ mapping }),
    });
    if (plan.status !== 200) return void (failure = plan.text);
    counted = (JSON.parse(plan.text) as { data: { counts: { created: number } } }).data.counts.created;
  });
  if (counted !== rows) throw new Error(`import wizard preview: ${failure.slice(0, 300) || `${counted} of ${rows} rows to create`}`);
  return ms;
}

/**
 * ms of raw INSERTs of every row the players import writes: the players, then a guardian per parent
 * e-mail and the primary link between them (the family model, ADR 0019), in one transaction.
 */
export async function timeRawFamilyInsert(db: Kysely<DB>, rows: number, lastName: string): Promise<number> {
  const now = new Date().toISOString();
  const email = (i: number) => `${lastName.toLowerCase()}.${i}@import.test`;
  const players = Array.from({ length: rows }, (_, i) => [`Raw${i}`, lastName, email(i), null, 2008 + (i % 10), '[]', now, now]);
  const guardians = Array.from({ length: rows }, (_, i) => [email(i), '', now, now]);
  return timeOnce(() =>
    db.transaction().execute(async (trx) => {
      await insertRows(
        trx,
        'players',
        ['first_name', 'last_name', 'email', 'player_email', 'dob', 'video_links', 'created_at', 'updated_at'],
        players,
      );
      await insertRows(trx, 'guardians', ['email', 'name', 'created_at', 'updated_at'], guardians);
      await sql`insert into guardian_links (guardian_id, player_id, relationship, is_primary, receives_reports, parental_responsibility, status, status_at, created_at, updated_at)
        select g.id, p.id, 'parent', 1, 1, 1, 'invited', ${now}, ${now}, ${now} from players p join guardians g on g.email = p.email
        where p.last_name = ${lastName}`.execute(trx);
    }),
  );
}

/** ms of one transaction of raw multi-row INSERTs of the same player rows (1,000 rows a statement). */
export async function timeRawInsert(db: Kysely<DB>, rows: number, lastName: string): Promise<number> {
  const now = new Date().toISOString();
  const values = Array.from({ length: rows }, (_, i) => [
    `Raw${i}`,
    lastName,
    `${lastName.toLowerCase()}.${i}@import.test`,
    null,
    2008 + (i % 10),
    '[]',
    now,
    now,
  ]);
  return timeOnce(() =>
    db
      .transaction()
      .execute((trx) =>
        insertRows(
          trx,
          'players',
          ['first_name', 'last_name', 'email', 'player_email', 'dob', 'video_links', 'created_at', 'updated_at'],
          values,
        ),
      ),
  );
}

/**
 * An evaluations CSV in the bulk template for the players the CSV import created (`Imported{i}`,
 * last name `tag`), five criteria each, so `rows` ≤ 5 × imported players.
 */
export function evaluationsCsv(criteria: readonly BenchCriterion[], rows: number, tag: string): Buffer {
  const lines = ['PlayerFirstName,PlayerLastName,ParentEmail,Level,Criteria,Score,Notes,Video'];
  for (let r = 0; r < rows; r++) {
    const i = Math.floor(r / criteria.length);
    const c = criteria[r % criteria.length]!;
    const score = c.kind === 'yes_no' ? (r % 2 ? 'Yes' : 'No') : String(1 + (r % 10));
    lines.push(`Imported${i},${tag},${tag}.${i}@import.test,${c.level},${c.name},${score},,`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

export interface BenchCriterion {
  id: number;
  name: string;
  level: string;
  kind: string;
}

/** The first five criteria with their level names, as the CSV names them. */
export async function benchCriteria(db: Kysely<DB>): Promise<BenchCriterion[]> {
  return db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.name', 'l.name as level', 'l.kind'])
    .orderBy('c.id')
    .limit(5)
    .execute();
}

/** ms of POST /api/players/evaluation/bulk with the evaluations CSV. */
export const timeEvaluationImport = (session: Session, csv: Buffer, rows: number) =>
  timeUpload(session, '/api/players/evaluation/bulk', csv, rows, 'rows');

/** ms of one transaction of raw multi-row INSERTs of as many evaluation rows for the raw-inserted players. */
export async function timeRawEvaluationInsert(
  db: Kysely<DB>,
  criteria: readonly BenchCriterion[],
  rows: number,
  lastName: string,
): Promise<number> {
  const players = (await db.selectFrom('players').select('id').where('last_name', '=', lastName).orderBy('id').execute()).map((p) => p.id);
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  const values = Array.from({ length: rows }, (_, r) => {
    const c = criteria[r % criteria.length]!;
    const player = players[Math.floor(r / criteria.length) % players.length]!;
    return [player, c.id, 5, 10, null, 'Raw', today, '', '[]', 1, now, now];
  });
  const columns = [
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
  return timeOnce(() => db.transaction().execute((trx) => insertRows(trx, 'evaluations', columns, values)));
}

/**
 * ms of the import wizard's whole evaluations run: upload, validate (every row matched to a player by
 * name and parent e-mail, to a criterion, to stored evaluations), and commit (written through the
 * evaluation write path, totals kept by the triggers). The rows are dated `date`, so none repeats an
 * evaluation of the all-or-nothing import of the same players (dated today): every row is created.
 */
export async function timeWizardEvaluations(
  session: Session,
  csv: Buffer,
  rows: number,
  date: string,
): Promise<{ ms: number; commitMs: number }> {
  const text = csv.toString('utf8').trimEnd().split('\n');
  const dated = Buffer.from(`${[`${text[0]},Date`, ...text.slice(1).map((l) => `${l},${date}`)].join('\n')}\n`);
  const { body, contentType } = multipart({}, { field: 'file', name: 'evaluations.csv', type: 'text/csv', data: dated });
  let created = -1;
  let failure = '';
  let commitMs = NaN;
  const ms = await timeOnce(async () => {
    const up = await request(session.base, '/api/imports/evaluations/upload', {
      method: 'POST',
      headers: { ...session.headers, 'content-type': contentType },
      body,
    });
    if (up.status !== 200) return void (failure = up.text);
    const { id, mapping } = (JSON.parse(up.text) as { data: { id: number; mapping: unknown } }).data;
    const json = { ...session.headers, 'content-type': 'application/json' };
    const plan = await request(session.base, `/api/import/${id}/validate`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mapping }),
    });
    if (plan.status !== 200) return void (failure = plan.text);
    const hash = (JSON.parse(plan.text) as { data: { plan_hash: string } }).data.plan_hash;
    const committing = performance.now();
    const done = await request(session.base, `/api/import/${id}/commit`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ plan_hash: hash }),
    });
    commitMs = performance.now() - committing;
    if (done.status !== 200) return void (failure = done.text);
    created = (JSON.parse(done.text) as { data: { counts: { created: number } } }).data.counts.created;
  });
  if (created !== rows) throw new Error(`import wizard evaluations: ${failure.slice(0, 300) || `${created} of ${rows} rows created`}`);
  return { ms, commitMs };
}
