import type { Kysely } from 'kysely';
import type { DB, DeliveryStatus } from '../../db/types.js';

/** Reads and writes of report delivery (ADR 0020): recipients' facts, deliveries, sent reports. */

type Db = Kysely<DB>;

export async function teamName(db: Db, teamId: number) {
  return db.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).executeTakeFirst();
}

/** The cycle, only when it covers the team. */
export async function cycleOfTeam(db: Db, cycleId: number, teamId: number) {
  return db
    .selectFrom('report_cycles as c')
    .innerJoin('report_cycle_teams as ct', 'ct.cycle_id', 'c.id')
    .select(['c.id', 'c.name'])
    .where('c.id', '=', cycleId)
    .where('ct.team_id', '=', teamId)
    .executeTakeFirst();
}

export async function cyclesOfTeam(db: Db, teamId: number) {
  return db
    .selectFrom('report_cycles as c')
    .innerJoin('report_cycle_teams as ct', 'ct.cycle_id', 'c.id')
    .leftJoin('reports as r', (j) => j.onRef('r.cycle_id', '=', 'c.id').on('r.team_id', '=', teamId))
    .select((eb) => [
      'c.id',
      'c.name',
      'c.closes_on',
      eb.fn.sum<number>(eb.case().when('r.state', '=', 'approved').then(1).else(0).end()).as('approved'),
      eb.fn.sum<number>(eb.case().when('r.state', 'in', ['sent', 'viewed']).then(1).else(0).end()).as('sent'),
    ])
    .where('ct.team_id', '=', teamId)
    .groupBy(['c.id', 'c.name', 'c.closes_on'])
    .orderBy('c.closes_on', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

/** The team's players, and anyone whose report of the cycle was written for the team. */
export async function playersOfTeamCycle(db: Db, teamId: number, cycleId: number) {
  return db
    .selectFrom('players as p')
    .select(['p.id', 'p.first_name', 'p.last_name'])
    .where((eb) =>
      eb.or([
        eb('p.id', 'in', eb.selectFrom('team_players').select('player_id').where('team_id', '=', teamId)),
        eb('p.id', 'in', eb.selectFrom('reports').select('player_id').where('team_id', '=', teamId).where('cycle_id', '=', cycleId)),
      ]),
    )
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .execute();
}

/** The live version (not superseded) of each player's report of the cycle for the team. */
export async function liveReports(db: Db, teamId: number, cycleId: number) {
  return db
    .selectFrom('reports')
    .select(['id', 'player_id', 'state', 'snapshot'])
    .where('team_id', '=', teamId)
    .where('cycle_id', '=', cycleId)
    .where('state', '!=', 'superseded')
    .orderBy('version', 'desc')
    .execute();
}

export async function insertDelivery(
  db: Db,
  row: {
    report_id: number;
    recipient_kind: 'guardian' | 'player';
    guardian_id: number | null;
    user_id: number | null;
    email: string;
    token_hash: string;
    expires_at: string;
    created_at: string;
    message_id: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('report_deliveries')
    .values({ ...row, status: 'queued', error: null, sent_at: null, viewed_at: null, bounced_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** approved → sent, only if still approved (two senders at once send once). */
export async function markSent(db: Db, reportId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('reports')
    .set({ state: 'sent', sent_at: at, updated_at: at })
    .where('id', '=', reportId)
    .where('state', '=', 'approved')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deliveryStatus(db: Db, id: number): Promise<DeliveryStatus | undefined> {
  return (await db.selectFrom('report_deliveries').select('status').where('id', '=', id).executeTakeFirst())?.status;
}

/** The outcome of a send, only for a delivery still queued (a cancellation meanwhile wins). */
export async function setOutcome(
  db: Db,
  id: number,
  outcome: { status: 'sent' | 'failed'; error: string | null; sent_at: string | null },
): Promise<void> {
  await db.updateTable('report_deliveries').set(outcome).where('id', '=', id).where('status', '=', 'queued').execute();
}

export async function findByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('report_deliveries as d')
    .innerJoin('reports as r', 'r.id', 'd.report_id')
    .select(['d.id', 'd.report_id', 'd.recipient_kind', 'd.guardian_id', 'd.user_id', 'd.expires_at', 'd.status', 'r.state', 'r.player_id'])
    .where('d.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Single use: the hash goes, so nobody else can use the same link. */
export async function claimToken(db: Db, id: number, tokenHash: string): Promise<boolean> {
  const r = await db
    .updateTable('report_deliveries')
    .set({ token_hash: null })
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const reportIdsOfPlayer = (db: Db, playerId: number) => db.selectFrom('reports').select('id').where('player_id', '=', playerId);

/** A withdrawn reports consent: the guardians' queued deliveries are cancelled and their unused links end. */
export async function cancelGuardianDeliveries(db: Db, playerId: number): Promise<void> {
  await db
    .updateTable('report_deliveries')
    .set({ status: 'cancelled' })
    .where('recipient_kind', '=', 'guardian')
    .where('status', '=', 'queued')
    .where('report_id', 'in', reportIdsOfPlayer(db, playerId))
    .execute();
  await db
    .updateTable('report_deliveries')
    .set({ token_hash: null })
    .where('recipient_kind', '=', 'guardian')
    .where('token_hash', 'is not', null)
    .where('report_id', 'in', reportIdsOfPlayer(db, playerId))
    .execute();
}

/** A revoked report's queued mails never leave; its links stay findable so that using one answers "withdrawn" (410). */
export async function cancelQueuedDeliveries(db: Db, reportId: number): Promise<void> {
  await db
    .updateTable('report_deliveries')
    .set({ status: 'cancelled' })
    .where('report_id', '=', reportId)
    .where('status', '=', 'queued')
    .execute();
}

const reportColumns = [
  'r.id',
  'r.player_id',
  'r.team_id',
  'r.version',
  'r.state',
  'r.sent_at',
  'r.viewed_at',
  'c.name as cycle',
  't.name as team',
] as const;

function reportsQuery(db: Db) {
  return db.selectFrom('reports as r').innerJoin('report_cycles as c', 'c.id', 'r.cycle_id').innerJoin('teams as t', 't.id', 'r.team_id');
}

export async function findReport(db: Db, id: number) {
  return reportsQuery(db)
    .select([...reportColumns, 'r.snapshot'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** The player's sent reports (a revoked or superseded version is gone), newest first. */
export async function sentReportsOf(db: Db, playerId: number) {
  return reportsQuery(db)
    .select([...reportColumns])
    .where('r.player_id', '=', playerId)
    .where('r.state', 'in', ['sent', 'viewed'])
    .orderBy('r.sent_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** Staff: the player's reports past the draft, of the teams given (null = all). */
export async function staffReportsOf(db: Db, playerId: number, teamIds: readonly number[] | null) {
  let q = reportsQuery(db)
    .select([...reportColumns])
    .where('r.player_id', '=', playerId)
    .where('r.state', '!=', 'draft');
  if (teamIds) {
    if (!teamIds.length) return [];
    q = q.where('r.team_id', 'in', [...teamIds]);
  }
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
}

export async function deliveriesOf(db: Db, reportIds: readonly number[]) {
  if (!reportIds.length) return [];
  return db
    .selectFrom('report_deliveries')
    .select(['id', 'report_id', 'recipient_kind as kind', 'email', 'status', 'error', 'sent_at', 'viewed_at'])
    .where('report_id', 'in', [...reportIds])
    .orderBy('id')
    .execute();
}

/** The first opening by this recipient marks their delivery and the report viewed. */
export async function markViewed(db: Db, reportId: number, who: { guardian_id: number } | { user_id: number }, at: string): Promise<void> {
  let q = db.updateTable('report_deliveries').set({ viewed_at: at }).where('report_id', '=', reportId).where('viewed_at', 'is', null);
  q = 'guardian_id' in who ? q.where('guardian_id', '=', who.guardian_id) : q.where('user_id', '=', who.user_id);
  await q.execute();
  await db
    .updateTable('reports')
    .set({ state: 'viewed', viewed_at: at, updated_at: at })
    .where('id', '=', reportId)
    .where('state', '=', 'sent')
    .execute();
}
