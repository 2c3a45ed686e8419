import { sql, type Kysely } from 'kysely';
import type { ConsentPurpose, DB } from '../../db/types.js';

/**
 * Consents per purpose (ADR 0019). What counts for a player: only active links with parental
 * responsibility, and every one of them must have granted — the stricter choice wins, a revoked or
 * unlinked guardian's answer no longer counts, and a player without such a guardian has no consent.
 */

export async function consentsOfLink(db: Kysely<DB>, linkId: number) {
  return db.selectFrom('guardian_consents').select(['purpose', 'granted', 'text_version']).where('link_id', '=', linkId).execute();
}

export async function setConsent(
  db: Kysely<DB>,
  linkId: number,
  purpose: ConsentPurpose,
  granted: boolean,
  version: number,
  at: string,
): Promise<void> {
  const values = { link_id: linkId, purpose, granted: granted ? 1 : 0, text_version: version, updated_at: at };
  await db
    .insertInto('guardian_consents')
    .values(values)
    .onConflict((oc) => oc.columns(['link_id', 'purpose']).doUpdateSet({ granted: values.granted, text_version: version, updated_at: at }))
    .execute();
}

/**
 * Of these players (all when omitted), the ids whose consent for the purpose counts as granted. A
 * player who claimed their account (hand-over) decides alone: their own choice replaces the guardians'.
 */
export async function consentedPlayerIds(db: Kysely<DB>, purpose: ConsentPurpose, playerIds?: readonly number[]): Promise<Set<number>> {
  if (playerIds && !playerIds.length) return new Set();
  let q = db
    .selectFrom('guardian_links as l')
    .leftJoin('guardian_consents as c', (j) => j.onRef('c.link_id', '=', 'l.id').on('c.purpose', '=', purpose))
    .select('l.player_id')
    .where('l.status', '=', 'active')
    .where('l.parental_responsibility', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('player_handovers as h')
            .select('h.player_id')
            .whereRef('h.player_id', '=', 'l.player_id')
            .where('h.claimed_at', 'is not', null),
        ),
      ),
    )
    .groupBy('l.player_id')
    .having(sql<boolean>`min(coalesce(c.granted, 0)) = 1`);
  let own = db
    .selectFrom('player_consents as pc')
    .innerJoin('player_handovers as h', 'h.player_id', 'pc.player_id')
    .select('pc.player_id')
    .where('pc.purpose', '=', purpose)
    .where('pc.granted', '=', 1)
    .where('h.claimed_at', 'is not', null);
  if (playerIds) {
    q = q.where('l.player_id', 'in', [...playerIds]);
    own = own.where('pc.player_id', 'in', [...playerIds]);
  }
  const [byGuardians, byPlayer] = await Promise.all([q.execute(), own.execute()]);
  return new Set([...byGuardians, ...byPlayer].map((r) => r.player_id));
}

/** The club's newest wording per purpose. */
export async function latestTexts(db: Kysely<DB>) {
  return db
    .selectFrom('consent_texts as t')
    .select(['t.purpose', 't.version', 't.text'])
    .where((eb) =>
      eb(
        't.version',
        '=',
        eb
          .selectFrom('consent_texts as u')
          .select((e) => e.fn.max('u.version').as('v'))
          .whereRef('u.purpose', '=', 't.purpose'),
      ),
    )
    .execute();
}

export async function insertText(db: Kysely<DB>, purpose: ConsentPurpose, version: number, text: string, at: string): Promise<void> {
  await db.insertInto('consent_texts').values({ purpose, version, text, created_at: at }).execute();
}

/** Every published version (the built-in version 1 is not stored), newest first. */
export async function allTexts(db: Kysely<DB>) {
  return db
    .selectFrom('consent_texts')
    .select(['purpose', 'version', 'text', 'created_at'])
    .orderBy('purpose')
    .orderBy('version', 'desc')
    .execute();
}

/** Per purpose, how many consents are still granted under a version older than the given one. */
export async function grantedBelow(db: Kysely<DB>, purpose: ConsentPurpose, version: number): Promise<number> {
  const row = await db
    .selectFrom('guardian_consents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('purpose', '=', purpose)
    .where('granted', '=', 1)
    .where('text_version', '<', version)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The hook of the public boards: which of these players (all when omitted) may be named (public-name consent counts). */
export async function namedOnPublicBoards(db: Kysely<DB>, playerIds?: readonly number[]): Promise<Set<number>> {
  return consentedPlayerIds(db, 'public_name', playerIds);
}

/**
 * THE CHECK OF THE REPORTS FEATURE AT SEND TIME (ADR 0019): of these players, the ids whose family
 * still consents to evaluation reports. A report queued for a player outside the answer is cancelled,
 * not sent: a withdrawal (or a guardian revoked, declined or unlinked) takes effect at once because
 * this is read when each report leaves, never when it is queued.
 */
export async function reportsConsented(db: Kysely<DB>, playerIds: readonly number[]): Promise<Set<number>> {
  return consentedPlayerIds(db, 'reports', playerIds);
}

/** Of these players, whose photos and videos may be shown outside staff pages (media consent counts). */
export async function mediaConsented(db: Kysely<DB>, playerIds: readonly number[]): Promise<Set<number>> {
  return consentedPlayerIds(db, 'media', playerIds);
}

/** The player whose profile photo has this key, if any. */
export async function playerOfPhoto(db: Kysely<DB>, key: string): Promise<number | undefined> {
  return (await db.selectFrom('players').select('id').where('profile_img', '=', key).executeTakeFirst())?.id;
}
