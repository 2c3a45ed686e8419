import type { Kysely } from 'kysely';
import type { ConsentPurpose, DB } from '../../db/types.js';
import { exists } from '../../db/exists.js';

/** Age and hand-over (ADR 0019): the notice and claim records, one-time claim links, the player's own choices. */

type Db = Kysely<DB>;

export async function handoverOf(db: Db, playerId: number) {
  return db.selectFrom('player_handovers').selectAll().where('player_id', '=', playerId).executeTakeFirst();
}

/** When the player claimed their account, or null. */
export async function claimedAt(db: Db, playerId: number): Promise<string | null> {
  return (await handoverOf(db, playerId))?.claimed_at ?? null;
}

type Mark = 'notice_at' | 'claim_mail_at' | 'claimed_at';

/** Records a step once: a step already recorded is left as it is (answers whether this call recorded it). */
export async function markOnce(db: Db, playerId: number, mark: Mark, at: string): Promise<boolean> {
  await db
    .insertInto('player_handovers')
    .values({ player_id: playerId, notice_at: null, claim_mail_at: null, claimed_at: null, updated_at: at })
    .onConflict((oc) => oc.column('player_id').doNothing())
    .execute();
  const result = await db
    .updateTable('player_handovers')
    .set({ [mark]: at, updated_at: at })
    .where('player_id', '=', playerId)
    .where(mark, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function playerForHandover(db: Db, playerId: number) {
  return db
    .selectFrom('players')
    .select(['id', 'first_name', 'last_name', 'email', 'player_email', 'dob'])
    .where('id', '=', playerId)
    .executeTakeFirst();
}

/**
 * Players born in `maxDob` or earlier (their hand-over date has come, or comes within the notice) who
 * have not claimed and for whom `mark` is not recorded yet.
 */
export async function playersDue(db: Db, maxDob: number, mark: 'notice_at' | 'claim_mail_at') {
  return db
    .selectFrom('players as p')
    .leftJoin('player_handovers as h', 'h.player_id', 'p.id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.player_email', 'p.dob'])
    .where('p.dob', 'is not', null)
    .where('p.dob', '<=', maxDob)
    .where((eb) => eb.or([eb('h.player_id', 'is', null), eb.and([eb(`h.${mark}`, 'is', null), eb('h.claimed_at', 'is', null)])]))
    .orderBy('p.id')
    .execute();
}

/* ---------- one-time claim links (the guardian sign-in link's pattern: sha-256 only, single use) ---------- */

/** A new link replaces the player's earlier unused ones. */
export async function replaceClaimToken(
  db: Db,
  row: { player_id: number; email: string; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.deleteFrom('player_claim_tokens').where('player_id', '=', row.player_id).where('used_at', 'is', null).execute();
  await db
    .insertInto('player_claim_tokens')
    .values({ ...row, used_at: null })
    .execute();
}

export async function hasRecentClaimToken(db: Db, playerId: number, since: string): Promise<boolean> {
  return exists(
    db
      .selectFrom('player_claim_tokens')
      .select('id')
      .where('player_id', '=', playerId)
      .where('used_at', 'is', null)
      .where('created_at', '>', since),
  );
}

export async function findClaimToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('player_claim_tokens')
    .select(['id', 'player_id', 'email', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the link used only if nobody used it first (single use under concurrency). */
export async function useClaimToken(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('player_claim_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/* ---------- the player's account ---------- */

export async function userByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'player_id']).where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function setPlayerEmail(db: Db, playerId: number, email: string, at: string): Promise<void> {
  await db.updateTable('players').set({ player_email: email, updated_at: at }).where('id', '=', playerId).execute();
}

export async function setAccountEmail(db: Db, userId: number, email: string, at: string): Promise<void> {
  await db.updateTable('users').set({ email, status: 1, updated_at: at }).where('id', '=', userId).execute();
}

export async function insertPlayerAccount(
  db: Db,
  v: { first_name: string; last_name: string; email: string; player_id: number; role_id: number; password_hash: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      first_name: v.first_name,
      last_name: v.last_name,
      email: v.email,
      player_id: v.player_id,
      role_id: v.role_id,
      password_hash: v.password_hash,
      status: 1,
      must_change_password: 0,
      password_expires_at: null,
      created_at: v.at,
      updated_at: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/* ---------- after the claim: the player's own choices ---------- */

export async function linksOfPlayer(db: Db, playerId: number) {
  return db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select(['l.id', 'g.email', 'g.name', 'l.relationship', 'l.status', 'l.shares_after_handover', 'l.receives_reports'])
    .where('l.player_id', '=', playerId)
    .orderBy('l.is_primary', 'desc')
    .orderBy('l.id')
    .execute();
}

export async function setGuardianChoice(
  db: Db,
  linkId: number,
  v: { shares_after_handover: number; receives_reports: number },
  at: string,
): Promise<void> {
  await db
    .updateTable('guardian_links')
    .set({ ...v, updated_at: at })
    .where('id', '=', linkId)
    .execute();
}

export async function ownConsents(db: Db, playerId: number) {
  return db.selectFrom('player_consents').select(['purpose', 'granted', 'text_version']).where('player_id', '=', playerId).execute();
}

export async function setOwnConsent(
  db: Db,
  playerId: number,
  purpose: ConsentPurpose,
  granted: boolean,
  version: number,
  at: string,
): Promise<void> {
  const values = { player_id: playerId, purpose, granted: granted ? 1 : 0, text_version: version, updated_at: at };
  await db
    .insertInto('player_consents')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['player_id', 'purpose']).doUpdateSet({ granted: values.granted, text_version: version, updated_at: at }),
    )
    .execute();
}
