import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * The writes of an erasure (ADR 0022), each one statement over the player's rows. They run inside
 * the decision's transaction; the triggers on players, evaluations and guardian_links move the score
 * version, so cached boards, lists and profiles are rebuilt (ADR 0006).
 */
type Db = Kysely<DB>;

export const ERASED_FIRST_NAME = 'Erased';
export const ERASED_LAST_NAME = 'Player';
export const erasedAddress = (kind: 'user' | 'guardian', id: number) => `erased-${kind}-${id}@erased.invalid`;

export async function playerToErase(db: Db, id: number) {
  return db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'email', 'player_email', 'profile_img', 'pdf_file_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function accountsOf(db: Db, playerId: number) {
  return db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('player_id', '=', playerId).execute();
}

/** The player's guardians, and for each whether they have a link to another player. */
export async function guardiansOf(db: Db, playerId: number) {
  return db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select(['g.id', 'g.email', 'g.name'])
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('guardian_links as o').select('o.id').whereRef('o.guardian_id', '=', 'g.id').where('o.player_id', '<>', playerId),
        )
        .as('has_other_child'),
    )
    .where('l.player_id', '=', playerId)
    .execute();
}

const count = (r: { numDeletedRows?: bigint; numUpdatedRows?: bigint } | undefined) => Number(r?.numDeletedRows ?? r?.numUpdatedRows ?? 0);

export async function deleteOwnRows(db: Db, playerId: number) {
  const notes = count(await db.deleteFrom('notes').where('player_id', '=', playerId).executeTakeFirst());
  const achievements = count(await db.deleteFrom('player_achievements').where('player_id', '=', playerId).executeTakeFirst());
  const reportIds = db.selectFrom('reports').select('id').where('player_id', '=', playerId);
  await db.deleteFrom('report_deliveries').where('report_id', 'in', reportIds).execute();
  const reports = count(await db.deleteFrom('reports').where('player_id', '=', playerId).executeTakeFirst());
  const links = count(await db.deleteFrom('guardian_links').where('player_id', '=', playerId).executeTakeFirst());
  return { notes, achievements, reports, links };
}

/** Evaluations stay (team figures, boards, sessions' published means) without their free text. */
export async function stripEvaluations(db: Db, playerId: number, now: string): Promise<number> {
  return count(
    await db
      .updateTable('evaluations')
      .set({ notes: '', video_links: '[]', updated_at: now })
      .where('player_id', '=', playerId)
      .executeTakeFirst(),
  );
}

export async function anonymisePlayer(db: Db, playerId: number, now: string): Promise<void> {
  await db
    .updateTable('players')
    .set({
      first_name: ERASED_FIRST_NAME,
      last_name: ERASED_LAST_NAME,
      email: '',
      player_email: null,
      dob: null,
      profile_img: null,
      video_links: '[]',
      pdf_file_id: null,
      updated_at: now,
    })
    .where('id', '=', playerId)
    .execute();
}

export async function deleteFiles(db: Db, ids: readonly number[], keys: readonly string[]): Promise<number> {
  if (!ids.length && !keys.length) return 0;
  return count(
    await db
      .deleteFrom('files')
      .where((eb) => eb.or([eb('id', 'in', [...ids, -1]), eb('key', 'in', [...keys, ''])]))
      .executeTakeFirst(),
  );
}

/** The player's sign-in: suspended, unlinked, renamed, no password, no sessions or reset links. */
export async function closeAccounts(db: Db, userIds: readonly number[], now: string): Promise<void> {
  if (!userIds.length) return;
  await db
    .deleteFrom('sessions')
    .where('user_id', 'in', [...userIds])
    .execute();
  await db
    .deleteFrom('password_tokens')
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const id of userIds) {
    await db
      .updateTable('users')
      .set({
        first_name: 'Erased',
        last_name: 'User',
        email: erasedAddress('user', id),
        password_hash: null,
        status: 2,
        player_id: null,
        must_change_password: 0,
        password_expires_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }
}

/** A guardian left with no child: no address, no name, no way to sign in. */
export async function anonymiseGuardians(db: Db, guardianIds: readonly number[], now: string): Promise<void> {
  if (!guardianIds.length) return;
  await db
    .deleteFrom('guardian_sessions')
    .where('guardian_id', 'in', [...guardianIds])
    .execute();
  await db
    .deleteFrom('guardian_tokens')
    .where('guardian_id', 'in', [...guardianIds])
    .execute();
  for (const id of guardianIds) {
    await db
      .updateTable('guardians')
      .set({
        email: erasedAddress('guardian', id),
        name: '',
        last_sign_in_at: null,
        bounced_at: null,
        bounce_reason: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }
}

export async function clearRequestTexts(db: Db, playerId: number, now: string): Promise<void> {
  await db
    .updateTable('privacy_requests')
    .set({ reason: '', decision_reason: '', updated_at: now })
    .where('player_id', '=', playerId)
    .execute();
}

export async function deleteMailTo(db: Db, addresses: readonly string[]): Promise<number> {
  if (!addresses.length) return 0;
  return count(
    await db
      .deleteFrom('mail_outbox')
      .where(sql<string>`lower(to_address)`, 'in', [...addresses])
      .executeTakeFirst(),
  );
}

/** Rows of a table whose text columns contain any of the terms (case-insensitive); the caller replaces them. */
export async function rowsContaining(db: Db, table: 'audit_log' | 'mail_outbox', columns: readonly string[], terms: readonly string[]) {
  if (!terms.length) return [];
  const rows = await db
    .selectFrom(table as 'audit_log')
    .select(['id', ...(columns as 'summary'[])])
    .where((eb) =>
      eb.or(columns.flatMap((c) => terms.map((term) => eb(sql<string>`lower(${sql.ref(c)})`, 'like', `%${term.toLowerCase()}%`)))),
    )
    .execute();
  return rows.map(({ id, ...text }) => ({ id, text: text as Record<string, string> }));
}

export async function updateTexts(db: Db, table: 'audit_log' | 'mail_outbox', id: number, values: Record<string, string>): Promise<void> {
  await db
    .updateTable(table as 'audit_log')
    .set(values as { summary: string })
    .where('id', '=', id)
    .execute();
}

export async function renameAuditActor(db: Db, userIds: readonly number[], name: string): Promise<void> {
  if (userIds.length)
    await db
      .updateTable('audit_log')
      .set({ user_name: name })
      .where('user_id', 'in', [...userIds])
      .execute();
}
