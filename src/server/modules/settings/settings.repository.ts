import { sql, type Kysely } from 'kysely';
import {
  PUBLIC_LEADERBOARD_NAMES,
  SETTINGS_DEFAULTS,
  type Achievement,
  type Category,
  type Level,
  type LevelKind,
  type Season,
  type Settings,
} from '../../../shared/schemas/reference.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { exists } from '../../db/exists.js';

/** All queries of the reference data (clubs, seasons, levels, achievement catalogue, settings). */

type Db = Kysely<DB>;
/** Clubs and seasons share one shape: id, name, created_at. */
export type NamedTableName = 'categories' | 'seasons';

// Ordered by lower(name) so SQLite (binary collation) and PostgreSQL (locale collation) agree.
export async function listNamed(db: Db, table: NamedTableName): Promise<Category[] | Season[]> {
  return db
    .selectFrom(table)
    .select(['id', 'name'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function findNamed(db: Db, table: NamedTableName, id: number): Promise<Category | undefined> {
  return db.selectFrom(table).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Another row whose name equals `name` ignoring case ("u14" and "U14" are the same club). */
export async function namedTaken(db: Db, table: NamedTableName, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom(table)
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return exists(q);
}

export async function insertNamed(db: Db, table: NamedTableName, name: string): Promise<number> {
  const row = await db.insertInto(table).values({ name, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameNamed(db: Db, table: NamedTableName, id: number, name: string): Promise<void> {
  await db.updateTable(table).set({ name }).where('id', '=', id).execute();
}

export async function deleteNamed(db: Db, table: NamedTableName, id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

/** Teams that use a club (category) or a season. */
export async function teamsUsing(db: Db, column: 'category_id' | 'season_id', id: number): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Levels

export async function listLevels(db: Db): Promise<Level[]> {
  return db.selectFrom('levels').select(['id', 'name', 'kind', 'position']).orderBy('position').orderBy('id').execute();
}

export async function findLevel(db: Db, id: number): Promise<Level | undefined> {
  return db.selectFrom('levels').select(['id', 'name', 'kind', 'position']).where('id', '=', id).executeTakeFirst();
}

export async function levelNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('levels')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return exists(q);
}

/** New levels go to the end of the list. */
export async function insertLevel(db: Db, name: string, kind: LevelKind): Promise<number> {
  const last = await db
    .selectFrom('levels')
    .select((eb) => eb.fn.max('position').as('p'))
    .executeTakeFirst();
  const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  const row = await db
    .insertInto('levels')
    .values({ name, kind, position, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLevel(db: Db, id: number, name: string, kind: LevelKind): Promise<void> {
  await db.updateTable('levels').set({ name, kind }).where('id', '=', id).execute();
}

export async function deleteLevel(db: Db, id: number): Promise<void> {
  await db.deleteFrom('levels').where('id', '=', id).execute();
}

export async function criteriaUsingLevel(db: Db, levelId: number): Promise<number> {
  const row = await db
    .selectFrom('criteria')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('level_id', '=', levelId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Evaluations (current and history) recorded on the criteria of a level. */
export async function evaluationsOnLevel(db: Db, levelId: number): Promise<number> {
  const row = await db
    .selectFrom('evaluations')
    .innerJoin('criteria', 'criteria.id', 'evaluations.criterion_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('criteria.level_id', '=', levelId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Achievement catalogue

export async function listAchievements(db: Db): Promise<Achievement[]> {
  return db
    .selectFrom('achievements')
    .select(['id', 'title'])
    .orderBy(sql`lower(title)`)
    .orderBy('id')
    .execute();
}

export async function findAchievement(db: Db, id: number): Promise<Achievement | undefined> {
  return db.selectFrom('achievements').select(['id', 'title']).where('id', '=', id).executeTakeFirst();
}

export async function achievementTitleTaken(db: Db, title: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('achievements')
    .select('id')
    .where(sql`lower(title)`, '=', title.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return exists(q);
}

export async function insertAchievement(db: Db, title: string): Promise<number> {
  const row = await db.insertInto('achievements').values({ title, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameAchievement(db: Db, id: number, title: string): Promise<void> {
  await db.updateTable('achievements').set({ title }).where('id', '=', id).execute();
}

export async function deleteAchievement(db: Db, id: number): Promise<void> {
  await db.deleteFrom('achievements').where('id', '=', id).execute();
}

/** Players who hold an achievement (a player awarded it twice counts once). */
export async function playersHoldingAchievement(db: Db, achievementId: number): Promise<number> {
  const row = await db
    .selectFrom('player_achievements')
    .select((eb) => eb.fn.count<number>('player_id').distinct().as('n'))
    .where('achievement_id', '=', achievementId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Global settings (key/value rows)

const isNames = (v: string): v is Settings['public_leaderboard_names'] => (PUBLIC_LEADERBOARD_NAMES as readonly string[]).includes(v);

/** The global settings, with defaults for keys never saved. Other modules read settings through this. */
export async function getSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', SETTING_KEYS).execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const names = map.get('public_leaderboard_names');
  const age = (key: 'own_login_age' | 'handover_age') => {
    const n = Number(map.get(key));
    return map.has(key) && Number.isInteger(n) ? n : SETTINGS_DEFAULTS[key];
  };
  return {
    instructions_video: map.get('instructions_video') ?? SETTINGS_DEFAULTS.instructions_video,
    public_leaderboard_names: names !== undefined && isNames(names) ? names : SETTINGS_DEFAULTS.public_leaderboard_names,
    own_login_age: age('own_login_age'),
    handover_age: age('handover_age'),
  };
}

const SETTING_KEYS: (keyof Settings)[] = ['instructions_video', 'public_leaderboard_names', 'own_login_age', 'handover_age'];

export async function putSetting(db: Db, key: keyof Settings, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
