import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The published sessions a player took part in, oldest first (a player's tryouts for families). */
export function publishedSessionsOf(db: Kysely<DB>, playerId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('eval_session_players as sp')
    .innerJoin('eval_sessions as s', 's.id', 'sp.session_id')
    .select(['s.id', 's.name'])
    .where('sp.player_id', '=', playerId)
    .where('s.state', '=', 'published')
    .orderBy('s.end_date')
    .orderBy('s.id')
    .execute();
}
