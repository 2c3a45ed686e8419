import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';
import { portable } from '../schema-helpers.js';

/**
 * player_scores (ADR 0008): each player's unfiltered total (Σ score_percentage of their current
 * evaluations), kept by triggers on evaluations so team cards, player lists and profiles read one row
 * per player instead of aggregating every evaluation of the club on each request. No foreign key: a
 * cascaded player delete fires these triggers mid-delete; a players trigger removes the row instead.
 */
export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('player_scores')
        .addColumn('player_id', 'integer', (c) => c.primaryKey())
        .addColumn('total', portable(dialect).real, (c) => c.notNull())
        .execute();
      await sql`insert into player_scores (player_id, total)
        select player_id, sum(score_percentage) from evaluations where is_current = 1 group by player_id`.execute(db);

      if (dialect === 'postgres') {
        // Statement-level with transition tables: a 50,000-row import recomputes each player once.
        await sql`create function refresh_player_scores() returns trigger language plpgsql as $$
          begin
            insert into player_scores (player_id, total)
              select p.id, coalesce((select sum(e.score_percentage) from evaluations e where e.player_id = p.id and e.is_current = 1), 0)
              from players p where p.id in (select player_id from changed)
              on conflict (player_id) do update set total = excluded.total;
            return null;
          end $$`.execute(db);
        for (const [event, transition] of [
          ['insert', 'new table as changed'],
          ['update', 'new table as changed'],
          ['delete', 'old table as changed'],
        ] as const) {
          await sql
            .raw(
              `create trigger evaluations_player_score_${event} after ${event} on evaluations referencing ${transition} for each statement execute function refresh_player_scores()`,
            )
            .execute(db);
        }
        await sql`create function forget_player_score() returns trigger language plpgsql as $$
          begin delete from player_scores where player_id = old.id; return null; end $$`.execute(db);
        await sql`create trigger players_forget_score after delete on players for each row execute function forget_player_score()`.execute(
          db,
        );
        return;
      }

      const refresh = (ref: 'new' | 'old') => `
        insert into player_scores (player_id, total)
          select ${ref}.player_id, coalesce(sum(score_percentage), 0) from evaluations
          where player_id = ${ref}.player_id and is_current = 1 and exists (select 1 from players where id = ${ref}.player_id)
          on conflict (player_id) do update set total = excluded.total;`;
      await sql.raw(`create trigger evaluations_player_score_insert after insert on evaluations begin ${refresh('new')} end`).execute(db);
      await sql
        .raw(
          `create trigger evaluations_player_score_update after update of is_current, score_percentage, player_id on evaluations begin ${refresh('new')} end`,
        )
        .execute(db);
      await sql.raw(`create trigger evaluations_player_score_delete after delete on evaluations begin ${refresh('old')} end`).execute(db);
      await sql
        .raw(`create trigger players_forget_score after delete on players begin delete from player_scores where player_id = old.id; end`)
        .execute(db);
    },
  };
}
