import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { playerTotalsQuery } from '../scores/scores.repository.js';
import { filteredPlayers, type ListFilter } from './players.repository.js';

/** Every matching player with their total in one query (the totals sub-query is the shared one). */
export async function exportRows(db: Kysely<DB>, f: ListFilter) {
  return filteredPlayers(db, f)
    .leftJoin(playerTotalsQuery(db).as('pt'), 'pt.player_id', 'p.id')
    .select(['p.first_name', 'p.last_name', 'p.email', 'pt.total'])
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .execute();
}
