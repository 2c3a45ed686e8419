import type { Kysely } from 'kysely';
import type { DB, PrivacyRequester, PrivacyRequestStatus } from '../../db/types.js';

/** Erasure requests (migration 0026): the rows and their lists. */

const columns = [
  'r.id',
  'r.player_id',
  'r.requested_by',
  'r.reason',
  'r.status',
  'r.due_at',
  'r.created_at',
  'r.decided_at',
  'r.decision_reason',
  'p.first_name',
  'p.last_name',
] as const;

function requests(db: Kysely<DB>) {
  return db
    .selectFrom('privacy_requests as r')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .select(columns)
    .select(['d.first_name as decider_first', 'd.last_name as decider_last']);
}

export type RequestRow = Awaited<ReturnType<typeof findRequest>> & object;

export async function findRequest(db: Kysely<DB>, id: number) {
  return requests(db).where('r.id', '=', id).executeTakeFirst();
}

export async function openRequestOf(db: Kysely<DB>, playerId: number) {
  return requests(db).where('r.player_id', '=', playerId).where('r.status', '=', 'open').executeTakeFirst();
}

export async function requestsOfPlayer(db: Kysely<DB>, playerId: number) {
  return requests(db).where('r.player_id', '=', playerId).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
}

export async function isErased(db: Kysely<DB>, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('privacy_requests')
    .select('id')
    .where('player_id', '=', playerId)
    .where('status', '=', 'erased')
    .executeTakeFirst();
  return !!row;
}

/** Open requests first, by deadline; then decided ones, newest first. `teamScope` null = every player. */
export async function listRequests(db: Kysely<DB>, opts: { openOnly: boolean; teamScope: readonly number[] | null }) {
  let q = requests(db);
  if (opts.openOnly) q = q.where('r.status', '=', 'open');
  if (opts.teamScope !== null) {
    const scope = [...opts.teamScope, -1];
    q = q.where('r.player_id', 'in', (s) => s.selectFrom('team_players').select('player_id').where('team_id', 'in', scope));
  }
  return q
    .orderBy((eb) => eb.case().when('r.status', '=', 'open').then(0).else(1).end())
    .orderBy('r.due_at')
    .orderBy('r.id', 'desc')
    .limit(500)
    .execute();
}

export async function insertRequest(
  db: Kysely<DB>,
  values: {
    player_id: number;
    requested_by: PrivacyRequester;
    requester_user_id: number | null;
    requester_guardian_id: number | null;
    reason: string;
    due_at: string;
    now: string;
  },
): Promise<number> {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('privacy_requests')
    .values({ ...rest, kind: 'erasure', status: 'open', decision_reason: '', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Decides an open request; false when it was decided meanwhile (a second admin, a double click). */
export async function decideRequest(
  db: Kysely<DB>,
  id: number,
  values: { status: Exclude<PrivacyRequestStatus, 'open'>; decided_by: number; decision_reason: string; now: string },
): Promise<boolean> {
  const res = await db
    .updateTable('privacy_requests')
    .set({
      status: values.status,
      decided_by: values.decided_by,
      decided_at: values.now,
      decision_reason: values.decision_reason,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
