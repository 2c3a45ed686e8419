import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';

/**
 * player_scores (ADR 0008) is no longer recomputed for inserted history rows (is_current = 0): they
 * are not in any total. The app inserts every evaluation as history and then makes the latest of its
 * pair current (ADR 0005), an UPDATE that the update trigger already follows; on SQLite the insert
 * trigger recomputed the player's total once per inserted row, on PostgreSQL once per touched player
 * and statement, for nothing. A player whose rows are all history gets no row, read as 0 as before.
 */
export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`create function refresh_current_player_scores() returns trigger language plpgsql as $$
          begin
            insert into player_scores (player_id, total)
              select p.id, coalesce((select sum(e.score_percentage) from evaluations e where e.player_id = p.id and e.is_current = 1), 0)
              from players p where p.id in (select player_id from changed where is_current = 1)
              on conflict (player_id) do update set total = excluded.total;
            return null;
          end $$`.execute(db);
        await sql`drop trigger evaluations_player_score_insert on evaluations`.execute(db);
        await sql`create trigger evaluations_player_score_insert after insert on evaluations referencing new table as changed
          for each statement execute function refresh_current_player_scores()`.execute(db);
        return;
      }
      await sql`drop trigger evaluations_player_score_insert`.execute(db);
      await sql`create trigger evaluations_player_score_insert after insert on evaluations when new.is_current = 1 begin
          insert into player_scores (player_id, total)
            select new.player_id, coalesce(sum(score_percentage), 0) from evaluations
            where player_id = new.player_id and is_current = 1 and exists (select 1 from players where id = new.player_id)
            on conflict (player_id) do update set total = excluded.total;
        end`.execute(db);
    },
  };
}
