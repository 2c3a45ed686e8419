import type { Kysely } from 'kysely';
import type { DB, OfferState } from '../../db/types.js';

/**
 * Reads and writes of offers (docs/product.md#offers): the finalised draft's selected players, offers
 * and their one-time deliveries, and the candidate/draft rows an answer changes (a decision change
 * bumps the draft's version and appends a draft event, as the draft board does).
 */

type Db = Kysely<DB>;

export async function findDraft(db: Db, id: number) {
  return db.selectFrom('drafts').select(['id', 'name', 'state', 'version', 'created_by']).where('id', '=', id).executeTakeFirst();
}

/** The draft's selected players placed in a team, with names. */
export async function selectedPlaced(db: Db, draftId: number) {
  return db
    .selectFrom('draft_candidates as c')
    .innerJoin('players as p', 'p.id', 'c.player_id')
    .innerJoin('teams as t', 't.id', 'c.team_id')
    .select(['c.player_id', 'p.first_name', 'p.last_name', 't.id as team_id', 't.name as team_name'])
    .where('c.draft_id', '=', draftId)
    .where('c.decision', '=', 'selected')
    .orderBy('t.name')
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .execute();
}

/** Players of the draft with a pending or accepted offer. */
export async function playersWithOpenOffers(db: Db, draftId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('offers')
    .select('player_id')
    .where('draft_id', '=', draftId)
    .where('state', 'in', ['pending', 'accepted'])
    .execute();
  return new Set(rows.map((r) => r.player_id));
}

export async function insertOffer(
  db: Db,
  row: {
    draft_id: number;
    player_id: number;
    team_id: number;
    deadline: string;
    replaces_offer_id: number | null;
    created_by: number | null;
    created_at: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('offers')
    .values({ ...row, state: 'pending', answered_at: null, answered_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertDelivery(
  db: Db,
  row: {
    offer_id: number;
    recipient_kind: 'guardian' | 'player';
    guardian_id: number | null;
    user_id: number | null;
    email: string;
    token_hash: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('offer_deliveries')
    .values({ ...row, used_at: null })
    .execute();
}

export async function offersOfDraft(db: Db, draftId: number) {
  return db
    .selectFrom('offers as o')
    .innerJoin('players as p', 'p.id', 'o.player_id')
    .innerJoin('teams as t', 't.id', 'o.team_id')
    .select([
      'o.id',
      'o.player_id',
      'p.first_name',
      'p.last_name',
      'o.team_id',
      't.name as team_name',
      'o.state',
      'o.deadline',
      'o.created_at',
      'o.answered_at',
      'o.answered_by',
      'o.replaces_offer_id',
    ])
    .where('o.draft_id', '=', draftId)
    .orderBy('t.name')
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('o.id')
    .execute();
}

export async function deliveriesOf(db: Db, offerIds: readonly number[]) {
  if (!offerIds.length) return [];
  return db
    .selectFrom('offer_deliveries')
    .select(['offer_id', 'recipient_kind', 'email', 'used_at'])
    .where('offer_id', 'in', [...offerIds])
    .orderBy('id')
    .execute();
}

/** The delivery of a link's token, with its offer, the player's first name and the team. */
export async function findByToken(db: Db, hash: string) {
  return db
    .selectFrom('offer_deliveries as d')
    .innerJoin('offers as o', 'o.id', 'd.offer_id')
    .innerJoin('players as p', 'p.id', 'o.player_id')
    .innerJoin('teams as t', 't.id', 'o.team_id')
    .select([
      'd.id as delivery_id',
      'd.recipient_kind',
      'd.guardian_id',
      'd.user_id',
      'd.used_at',
      'o.id as offer_id',
      'o.draft_id',
      'o.player_id',
      'o.team_id',
      'o.state',
      'o.deadline',
      'o.created_at',
      'p.first_name',
      't.name as team_name',
    ])
    .where('d.token_hash', '=', hash)
    .executeTakeFirst();
}

export async function findOffer(db: Db, id: number) {
  return db
    .selectFrom('offers')
    .select(['id', 'draft_id', 'player_id', 'team_id', 'state', 'deadline', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the link used, only once (two clicks at once answer once). */
export async function claimDelivery(db: Db, deliveryId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('offer_deliveries')
    .set({ used_at: at })
    .where('id', '=', deliveryId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** pending → the answer, only while still pending. */
export async function closeOffer(db: Db, offerId: number, state: Exclude<OfferState, 'pending'>, at: string, by: string): Promise<boolean> {
  const r = await db
    .updateTable('offers')
    .set({ state, answered_at: at, answered_by: by })
    .where('id', '=', offerId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Pending offers whose deadline has passed, oldest first. */
export async function duePending(db: Db, now: string, limit: number) {
  return db
    .selectFrom('offers')
    .select(['id', 'draft_id', 'player_id', 'team_id', 'state', 'deadline', 'created_at'])
    .where('state', '=', 'pending')
    .where('deadline', '<', now)
    .orderBy('deadline')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function addMembership(db: Db, teamId: number, playerId: number): Promise<void> {
  await db
    .insertInto('team_players')
    .values({ team_id: teamId, player_id: playerId })
    .onConflict((oc) => oc.columns(['team_id', 'player_id']).doNothing())
    .execute();
}

/** The team's waitlisted candidates of the draft (next in line first by rank; totals break ties in the service). */
export async function waitlisted(db: Db, draftId: number, teamId: number) {
  return db
    .selectFrom('draft_candidates as c')
    .innerJoin('players as p', 'p.id', 'c.player_id')
    .select(['c.player_id', 'c.waitlist_rank', 'p.first_name', 'p.last_name'])
    .where('c.draft_id', '=', draftId)
    .where('c.team_id', '=', teamId)
    .where('c.decision', '=', 'waitlisted')
    .execute();
}

/** Bumps the draft's version (a stale board save then sees the change) and answers the new one. */
export async function bumpVersion(db: Db, draftId: number, at: string): Promise<number> {
  const { version } = await db
    .updateTable('drafts')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', draftId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return version;
}

export async function appendEvent(
  db: Db,
  row: {
    draft_id: number;
    version: number;
    kind: string;
    player_id: number | null;
    detail: Record<string, unknown>;
    reason: string | null;
    user_id: number | null;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('draft_events')
    .values({ ...row, detail: JSON.stringify(row.detail) })
    .execute();
}

/** Who is told of a promotion: the draft's creator and the team's coach (active accounts with an e-mail). */
export async function staffToTell(db: Db, draftId: number, teamId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.email')
    .distinct()
    .where('u.status', '=', 1)
    .where((eb) =>
      eb.or([
        eb('u.id', '=', eb.selectFrom('drafts').select('created_by').where('id', '=', draftId)),
        eb('u.id', '=', eb.selectFrom('teams').select('coach_user_id').where('id', '=', teamId)),
      ]),
    )
    .execute();
  return rows.map((r) => r.email).filter((e): e is string => !!e);
}

export async function teamName(db: Db, teamId: number): Promise<string> {
  return (await db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirstOrThrow()).name;
}

export async function playerName(db: Db, playerId: number) {
  return db.selectFrom('players').select(['first_name', 'last_name']).where('id', '=', playerId).executeTakeFirstOrThrow();
}

export async function templates(db: Db) {
  return db.selectFrom('message_templates').select(['key', 'subject', 'body', 'updated_at']).execute();
}

export async function saveTemplate(
  db: Db,
  row: { key: string; subject: string; body: string; updated_by: number; updated_at: string },
): Promise<void> {
  await db
    .insertInto('message_templates')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ subject: row.subject, body: row.body, updated_by: row.updated_by, updated_at: row.updated_at }),
    )
    .execute();
}

/** This guardian's delivery of the offer (its mailed link), if it went to them. */
export async function guardianOfferDelivery(db: Db, offerId: number, guardianId: number) {
  return db
    .selectFrom('offer_deliveries')
    .select(['id', 'used_at'])
    .where('offer_id', '=', offerId)
    .where('guardian_id', '=', guardianId)
    .executeTakeFirst();
}
