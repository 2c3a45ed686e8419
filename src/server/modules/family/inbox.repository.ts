import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The family portal's inbox of a child: open offers and the reports sent to this guardian not yet opened. */

/** The player's offers still open to an answer: pending and before their deadline, soonest first. */
export async function openOffersOf(db: Kysely<DB>, playerId: number, now: string) {
  return db
    .selectFrom('offers as o')
    .innerJoin('teams as t', 't.id', 'o.team_id')
    .select(['o.id', 'o.deadline', 't.name as team'])
    .where('o.player_id', '=', playerId)
    .where('o.state', '=', 'pending')
    .where('o.deadline', '>=', now)
    .orderBy('o.deadline')
    .orderBy('o.id')
    .execute();
}

/** Sent reports of the player delivered to this guardian that they have not opened yet, newest first. */
export async function unreadReportsOf(db: Kysely<DB>, playerId: number, guardianId: number) {
  return db
    .selectFrom('reports as r')
    .innerJoin('report_cycles as c', 'c.id', 'r.cycle_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['r.id', 'r.sent_at', 'c.name as cycle', 't.name as team'])
    .where('r.player_id', '=', playerId)
    .where('r.state', 'in', ['sent', 'viewed'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('report_deliveries as d')
          .select('d.id')
          .whereRef('d.report_id', '=', 'r.id')
          .where('d.guardian_id', '=', guardianId)
          .where('d.status', '!=', 'cancelled')
          .where('d.viewed_at', 'is', null),
      ),
    )
    .orderBy('r.sent_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}
