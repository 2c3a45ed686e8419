/**
 * What the screens rows (screens.ts) need beyond the club of seed.ts, at every scale: a primary
 * guardian per player from the parent e-mail (as the players import and migration 0017 make them), the
 * reports consent on three links in four, a guardian of three children, a coach of two teams, and one
 * player with 600 evaluations for the privacy export. Set-based INSERT … SELECT where the rows follow
 * from the players, so 10× (50,000 guardians) stays a few seconds.
 */
import { sql, type Kysely } from 'kysely';
import { insertUser, roleIdByKey } from '../../src/server/db/bootstrap.js';
import type { DB } from '../../src/server/db/types.js';
import { hashPassword } from '../../src/server/modules/auth/passwords.js';
import { insertRows, type Cell } from './rows.js';

export interface ScreensClub {
  /** Signs in with a password, reaches exactly two teams. */
  coach: { email: string; password: string; teamIds: number[] };
  /** A guardian of three children (each with their own primary guardian too), signed in by one-time link. */
  family: { email: string; childIds: number[] };
  /** A player with 600 evaluations (60 criteria × 10 dates), in the first team. */
  exportPlayerId: number;
}

export const EXPORT_EVALUATIONS = 600;
const FAMILY_EMAIL = 'bench-family@bench.test';
const LINK_COLUMNS = [
  'guardian_id',
  'player_id',
  'relationship',
  'is_primary',
  'receives_reports',
  'parental_responsibility',
  'status',
  'invited_at',
  'status_at',
  'created_at',
  'updated_at',
];

/** Guardians, links and consents for every seeded player, and the guardian of three (inside the seed's transaction). */
export async function seedFamilies(trx: Kysely<DB>, now: string): Promise<void> {
  await sql`insert into guardians (email, name, created_at, updated_at)
    select email, 'Parent of ' || first_name, ${now}, ${now} from players`.execute(trx);
  await sql`insert into guardian_links (guardian_id, player_id, relationship, is_primary, receives_reports, parental_responsibility, status, invited_at, status_at, created_at, updated_at)
    select g.id, p.id, 'parent', 1, 1, 1, 'active', ${now}, ${now}, ${now}, ${now} from players p join guardians g on g.email = p.email`.execute(
    trx,
  );
  // One link in four without the consent: the send preview lists players it may not send to.
  await sql`insert into guardian_consents (link_id, purpose, granted, text_version, updated_at)
    select id, 'reports', 1, 1, ${now} from guardian_links where id % 4 <> 0`.execute(trx);
  // Three children born 2014–2016 (dob = 2008 + index mod 10), far apart in the club.
  const players = await trx.selectFrom('players').select(['id', 'dob']).orderBy('id').execute();
  const young = players.filter((p) => (p.dob ?? 0) >= 2014 && (p.dob ?? 0) <= 2016);
  const children = [0, 1, 2].map((k) => young[Math.floor((k * young.length) / 3)]!.id);
  await insertRows(trx, 'guardians', ['email', 'name', 'created_at', 'updated_at'], [[FAMILY_EMAIL, 'Bench Family', now, now]]);
  const { id: guardianId } = await trx.selectFrom('guardians').select('id').where('email', '=', FAMILY_EMAIL).executeTakeFirstOrThrow();
  await insertRows(
    trx,
    'guardian_links',
    LINK_COLUMNS,
    children.map((p) => [guardianId, p, 'parent', 0, 1, 1, 'active', now, now, now, now]),
  );
}

/** A coach (password sign-in) of two teams, taken from their seeded coaches. */
async function seedCoach(db: Kysely<DB>): Promise<ScreensClub['coach']> {
  const coach = { email: 'bench-coach@bench.test', password: 'bench-coach-password' };
  const id = await insertUser(db, {
    first_name: 'Bench',
    last_name: 'Coach',
    email: coach.email,
    password_hash: await hashPassword(coach.password),
    role_id: await roleIdByKey(db, 'coach'),
  });
  // Not the first team: drafts.ts gives its new teams the first team's coach.
  const teamIds = (await db.selectFrom('teams').select('id').orderBy('id').offset(1).limit(2).execute()).map((t) => t.id);
  await db.updateTable('teams').set({ coach_user_id: id }).where('id', 'in', teamIds).execute();
  return { ...coach, teamIds };
}

/**
 * The export's player, after the club's evaluations were loaded (their set-based load needs consecutive
 * player ids): 60 criteria × 10 dates a month apart, the latest per criterion current, inserted with the
 * triggers on, so the kept totals follow as on any write.
 */
async function seedExportPlayer(db: Kysely<DB>, evaluatorId: number, now: string): Promise<number> {
  const [player] = await db
    .insertInto('players')
    .values({
      first_name: 'Export',
      last_name: 'Bench',
      email: 'parent.export@bench.test',
      player_email: null,
      dob: 2013,
      video_links: '[]',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .execute();
  const id = player!.id;
  const team = await db.selectFrom('teams').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('team_players').values({ team_id: team.id, player_id: id }).execute();
  const criteria = await db
    .selectFrom('criteria as c')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select(['c.id', 'c.weight', 'l.kind'])
    .orderBy('c.id')
    .execute();
  const dates = Math.ceil(EXPORT_EVALUATIONS / criteria.length);
  const rows: Cell[][] = [];
  for (let d = 0; d < dates; d++) {
    const date = new Date(Date.UTC(2025, d, 15)).toISOString().slice(0, 10);
    for (const [i, c] of criteria.entries()) {
      if (rows.length === EXPORT_EVALUATIONS) break;
      const yesNo = c.kind === 'yes_no';
      const score = yesNo ? (i + d) % 2 : 1 + ((i * 3 + d) % 10);
      const percentage = yesNo ? score * c.weight : (score / 10) * c.weight;
      const current = d === dates - 1 ? 1 : 0;
      rows.push([
        id,
        c.id,
        score,
        percentage,
        evaluatorId,
        'Bench Admin',
        date,
        `Note ${d + 1}.`,
        '[]',
        current,
        `${date}T12:00:00.000Z`,
        now,
      ]);
    }
  }
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
  await db.transaction().execute((trx) => insertRows(trx, 'evaluations', columns, rows));
  const email = 'parent.export@bench.test';
  await insertRows(db, 'guardians', ['email', 'name', 'created_at', 'updated_at'], [[email, 'Parent of Export', now, now]]);
  const guardian = await db.selectFrom('guardians').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await insertRows(db, 'guardian_links', LINK_COLUMNS, [[guardian.id, id, 'parent', 1, 1, 1, 'active', now, now, now, now]]);
  return id;
}

/** After the evaluations: the coach, the export's player, and the family guardian's children read back. */
export async function seedScreens(db: Kysely<DB>, evaluatorId: number, now: string): Promise<ScreensClub> {
  const coach = await seedCoach(db);
  const exportPlayerId = await seedExportPlayer(db, evaluatorId, now);
  const childIds = (
    await db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
      .select('l.player_id')
      .where('g.email', '=', FAMILY_EMAIL)
      .orderBy('l.player_id')
      .execute()
  ).map((r) => r.player_id);
  return { coach, family: { email: FAMILY_EMAIL, childIds }, exportPlayerId };
}
