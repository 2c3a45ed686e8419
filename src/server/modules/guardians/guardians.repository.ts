import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB, GuardianLinksTable, LinkStatus } from '../../db/types.js';
import { exists } from '../../db/exists.js';
import { nowIso } from '../../lib/time.js';

/** Staff's reads and writes of guardians and links (profile panel, Guardians list). */

const LIVE: LinkStatus[] = ['invited', 'active'];

export async function linksOfPlayer(db: Kysely<DB>, playerId: number) {
  return db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select([
      'l.id',
      'l.guardian_id',
      'g.email',
      'g.name',
      'g.last_sign_in_at',
      'g.bounced_at',
      'g.bounce_reason',
      'l.relationship',
      'l.is_primary',
      'l.receives_reports',
      'l.parental_responsibility',
      'l.status',
      'l.invited_at',
    ])
    .where('l.player_id', '=', playerId)
    .orderBy('l.is_primary', 'desc')
    .orderBy('l.id')
    .execute();
}

export async function findLink(db: Kysely<DB>, linkId: number) {
  return db.selectFrom('guardian_links').selectAll().where('id', '=', linkId).executeTakeFirst();
}

export async function findLinkOf(db: Kysely<DB>, guardianId: number, playerId: number) {
  return db
    .selectFrom('guardian_links')
    .selectAll()
    .where('guardian_id', '=', guardianId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
}

export async function findGuardian(db: Kysely<DB>, id: number) {
  return db.selectFrom('guardians').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findGuardianByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('guardians').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertGuardian(db: Kysely<DB>, email: string, name: string): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('guardians')
    .values({ email, name, last_sign_in_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type LinkValues = Pick<GuardianLinksTable, 'relationship' | 'is_primary' | 'receives_reports' | 'parental_responsibility'>;

export async function insertLink(db: Kysely<DB>, guardianId: number, playerId: number, v: LinkValues): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('guardian_links')
    .values({
      guardian_id: guardianId,
      player_id: playerId,
      ...v,
      status: 'invited',
      invited_at: null,
      status_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLink(db: Kysely<DB>, id: number, v: Partial<LinkValues> & { status?: LinkStatus }): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('guardian_links')
    .set({ ...v, updated_at: now, ...(v.status ? { status_at: now } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function clearPrimary(db: Kysely<DB>, playerId: number): Promise<void> {
  await db.updateTable('guardian_links').set({ is_primary: 0 }).where('player_id', '=', playerId).where('is_primary', '=', 1).execute();
}

/** Keeps exactly one primary while the player has a live link: the oldest live link takes over. */
export async function promotePrimary(db: Kysely<DB>, playerId: number): Promise<void> {
  const hasPrimary = await exists(
    db.selectFrom('guardian_links').select('id').where('player_id', '=', playerId).where('is_primary', '=', 1).where('status', 'in', LIVE),
  );
  if (hasPrimary) return;
  const next = await db
    .selectFrom('guardian_links')
    .select('id')
    .where('player_id', '=', playerId)
    .where('status', 'in', LIVE)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return;
  await clearPrimary(db, playerId);
  await db.updateTable('guardian_links').set({ is_primary: 1 }).where('id', '=', next.id).execute();
}

export async function markInvited(db: Kysely<DB>, guardianId: number, at: string): Promise<void> {
  await db
    .updateTable('guardian_links')
    .set({ invited_at: at })
    .where('guardian_id', '=', guardianId)
    .where('status', 'in', LIVE)
    .execute();
}

/** A player login (users.player_id) or player_email with this address: a guardian may not share it. */
export async function isPlayerLoginEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  if (await exists(db.selectFrom('players').select('id').where('player_email', '=', email))) return true;
  return exists(db.selectFrom('users').select('id').where('email', '=', email).where('player_id', 'is not', null));
}

/** This player's own sign-in address (their player_email or linked account). */
export async function isOwnSignInEmail(db: Kysely<DB>, playerId: number, email: string): Promise<boolean> {
  if (await exists(db.selectFrom('players').select('id').where('id', '=', playerId).where('player_email', '=', email))) return true;
  return exists(db.selectFrom('users').select('id').where('email', '=', email).where('player_id', '=', playerId));
}

export interface GuardianFilter {
  /** Team ids whose players' guardians the caller sees (null: all). */
  scope: readonly number[] | null;
  unclaimed: boolean;
  q?: string;
}

function inScope(scope: readonly number[] | null) {
  return (eb: ExpressionBuilder<DB, 'guardian_links'>) =>
    scope === null
      ? eb.lit(true)
      : eb.exists(
          eb
            .selectFrom('team_players as tp')
            .select('tp.player_id')
            .whereRef('tp.player_id', '=', 'guardian_links.player_id')
            .where('tp.team_id', 'in', scope.length ? [...scope] : [-1]),
        );
}

function filtered(db: Kysely<DB>, f: GuardianFilter) {
  let q = db
    .selectFrom('guardians as g')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('guardian_links')
          .select('guardian_links.id')
          .whereRef('guardian_links.guardian_id', '=', 'g.id')
          .where(inScope(f.scope)),
      ),
    );
  if (f.unclaimed) {
    q = q
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('guardian_links')
            .select('guardian_links.id')
            .whereRef('guardian_links.guardian_id', '=', 'g.id')
            .where('guardian_links.status', '=', 'invited'),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('guardian_links')
              .select('guardian_links.id')
              .whereRef('guardian_links.guardian_id', '=', 'g.id')
              .where('guardian_links.status', '=', 'active'),
          ),
        ),
      );
  }
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`(lower(g.email) like ${like} escape '\\' or lower(g.name) like ${like} escape '\\')`);
  }
  return q;
}

/** A page by number, or after the e-mail (unique: the list's whole sort key) the previous page ended on (ADR 0023). */
export async function listGuardians(
  db: Kysely<DB>,
  f: GuardianFilter,
  { page, pageSize, after }: { page: number; pageSize: number; after?: [string] | undefined },
) {
  const q = filtered(db, f).select(['g.id', 'g.email', 'g.name', 'g.last_sign_in_at']);
  const found = await (after ? q.where('g.email', '>', after[0]) : q)
    .orderBy('g.email')
    .limit(pageSize + 1)
    .offset(after ? 0 : (page - 1) * pageSize)
    .execute();
  const rows = found.slice(0, pageSize);
  const next = found.length > pageSize ? (rows.at(-1)?.email ?? null) : null;
  return { rows, next };
}

export async function countGuardians(db: Kysely<DB>, f: GuardianFilter): Promise<number> {
  const { n } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The links of these guardians to players the caller sees, with the players' names. */
export async function playersOfGuardians(db: Kysely<DB>, guardianIds: readonly number[], scope: readonly number[] | null) {
  if (!guardianIds.length) return [];
  return db
    .selectFrom('guardian_links')
    .innerJoin('players as p', 'p.id', 'guardian_links.player_id')
    .select(['guardian_links.guardian_id', 'guardian_links.status', 'guardian_links.invited_at', 'p.id', 'p.first_name', 'p.last_name'])
    .where('guardian_links.guardian_id', 'in', [...guardianIds])
    .where(inScope(scope))
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .execute();
}

/** Whether the guardian is linked to a player of one of these teams (a coach's reach). */
export async function guardianLinkedInTeams(db: Kysely<DB>, guardianId: number, teamIds: readonly number[]): Promise<boolean> {
  if (!teamIds.length) return false;
  return exists(
    db
      .selectFrom('guardian_links as l')
      .innerJoin('team_players as tp', 'tp.player_id', 'l.player_id')
      .select('l.id')
      .where('l.guardian_id', '=', guardianId)
      .where('tp.team_id', 'in', [...teamIds]),
  );
}

export async function liveLinkCount(db: Kysely<DB>, guardianId: number): Promise<number> {
  const row = await db
    .selectFrom('guardian_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('guardian_id', '=', guardianId)
    .where('status', 'in', LIVE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Players the caller sees (team scope, null = all) with their number of active guardians. */
export async function playersWithActiveGuardians(db: Kysely<DB>, scope: readonly number[] | null) {
  let q = db
    .selectFrom('players as p')
    .leftJoin('guardian_links as l', (j) => j.onRef('l.player_id', '=', 'p.id').on('l.status', '=', 'active'))
    .select(['p.id', 'p.first_name', 'p.last_name', (eb) => eb.fn.count<number>('l.id').as('active')])
    .groupBy(['p.id', 'p.first_name', 'p.last_name'])
    .orderBy('p.last_name')
    .orderBy('p.first_name');
  if (scope !== null) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('team_players as tp')
          .select('tp.player_id')
          .whereRef('tp.player_id', '=', 'p.id')
          .where('tp.team_id', 'in', scope.length ? [...scope] : [-1]),
      ),
    );
  }
  return q.execute();
}
