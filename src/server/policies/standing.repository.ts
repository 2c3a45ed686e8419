import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { consentedPlayerIds } from '../modules/family/consents.repository.js';

/** The facts of the standing rule (policies/standing.ts), read in bulk for a list of players. */
type Db = Kysely<DB>;

const none = (ids: readonly number[]) => ids.length === 0;

/** Players with an approved erasure. */
export async function erasedPlayers(db: Db, playerIds: readonly number[]): Promise<Set<number>> {
  if (none(playerIds)) return new Set();
  const rows = await db
    .selectFrom('privacy_requests')
    .select('player_id')
    .distinct()
    .where('player_id', 'in', [...playerIds])
    .where('status', '=', 'erased')
    .execute();
  return new Set(rows.map((r) => r.player_id));
}

/** Players who have claimed their own account at the hand-over. */
export async function claimedPlayers(db: Db, playerIds: readonly number[]): Promise<Set<number>> {
  if (none(playerIds)) return new Set();
  const rows = await db
    .selectFrom('player_handovers')
    .select('player_id')
    .where('player_id', 'in', [...playerIds])
    .where('claimed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.player_id));
}

export const reportsConsent = (db: Db, playerIds: readonly number[]) =>
  none(playerIds) ? Promise.resolve(new Set<number>()) : consentedPlayerIds(db, 'reports', playerIds);

/**
 * Guardian links of these players (or of one guardian), with the guardian's address. A guardian whose
 * address is a player's sign-in (users.email is unique and indexed) is flagged: the identities stay apart.
 */
export async function guardianLinks(db: Db, q: { playerIds?: readonly number[]; guardianId?: number }) {
  if (q.playerIds && none(q.playerIds)) return [];
  let query = db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select([
      'l.id',
      'l.player_id',
      'l.guardian_id',
      'l.status',
      'l.is_primary',
      'l.receives_reports',
      'l.shares_after_handover',
      'g.email',
    ])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('users as u').select('u.id').whereRef('u.email', '=', 'g.email').where('u.player_id', 'is not', null))
        .as('player_sign_in'),
    );
  if (q.playerIds) query = query.where('l.player_id', 'in', [...q.playerIds]);
  if (q.guardianId !== undefined) query = query.where('l.guardian_id', '=', q.guardianId);
  return query.orderBy('l.is_primary', 'desc').orderBy('g.id').execute();
}

/** The players' own active sign-ins. */
export async function ownSignIns(db: Db, playerIds: readonly number[]) {
  if (none(playerIds)) return [];
  return db
    .selectFrom('users')
    .select(['id as user_id', 'player_id', 'email'])
    .where('player_id', 'in', [...playerIds])
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
}
