import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * ADR 0023: what a board ranks by is kept on write.
 * - player_level_scores (player_id, level_id, total): Σ score_percentage of a player's current
 *   evaluations of one level's criteria, kept by triggers like player_scores (ADR 0008), so the
 *   whole-level boards (every public board, the common staff filter) read one row per player.
 *   A criterion moved to another level, or deleted, recomputes both levels whole: a rare admin write.
 */
export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('player_level_scores')
        .addColumn('player_id', 'integer', (c) => c.notNull())
        .addColumn('level_id', 'integer', (c) => c.notNull())
        .addColumn('total', portable(dialect).real, (c) => c.notNull())
        .addPrimaryKeyConstraint('player_level_scores_pk', ['player_id', 'level_id'])
        .execute();
      await createIndex(db, 'player_level_scores_level_idx', 'player_level_scores', ['level_id', 'player_id', 'total']);
      await sql`insert into player_level_scores (player_id, level_id, total)
        select e.player_id, c.level_id, sum(e.score_percentage) from evaluations e join criteria c on c.id = e.criterion_id
        where e.is_current = 1 group by e.player_id, c.level_id`.execute(db);

      // One level recomputed whole (criterion moved or deleted).
      const level = (ref: string) => `
        delete from player_level_scores where level_id = ${ref};
        insert into player_level_scores (player_id, level_id, total)
          select e.player_id, c.level_id, sum(e.score_percentage) from evaluations e join criteria c on c.id = e.criterion_id
          where e.is_current = 1 and c.level_id = ${ref} and exists (select 1 from players p where p.id = e.player_id)
          group by e.player_id, c.level_id;`;

      if (dialect === 'postgres') {
        // Statement-level with transition tables: an import recomputes each touched player once.
        const refresh = (changed: string) => `
          delete from player_level_scores where player_id in (select player_id from ${changed});
          insert into player_level_scores (player_id, level_id, total)
            select e.player_id, c.level_id, sum(e.score_percentage) from evaluations e join criteria c on c.id = e.criterion_id
            where e.is_current = 1 and e.player_id in (select player_id from ${changed})
              and exists (select 1 from players p where p.id = e.player_id)
            group by e.player_id, c.level_id;`;
        await sql
          .raw(
            `create function refresh_player_level_scores() returns trigger language plpgsql as $$ begin ${refresh('changed')} return null; end $$`,
          )
          .execute(db);
        // An inserted history row (is_current = 0) is in no total (ADR 0008, migration 0011).
        await sql
          .raw(
            `create function refresh_current_player_level_scores() returns trigger language plpgsql as $$ begin
              ${refresh('(select player_id from changed where is_current = 1) as current_rows')} return null; end $$`,
          )
          .execute(db);
        await sql`create trigger evaluations_level_score_insert after insert on evaluations referencing new table as changed
          for each statement execute function refresh_current_player_level_scores()`.execute(db);
        // An update can move a row to another player: both the old and the new one are recomputed.
        await sql
          .raw(
            `create function refresh_moved_player_level_scores() returns trigger language plpgsql as $$ begin
              ${refresh('(select player_id from changed union select player_id from previous) as touched')} return null; end $$`,
          )
          .execute(db);
        await sql`create trigger evaluations_level_score_update after update on evaluations referencing new table as changed old table as previous
          for each statement execute function refresh_moved_player_level_scores()`.execute(db);
        await sql`create trigger evaluations_level_score_delete after delete on evaluations referencing old table as changed
          for each statement execute function refresh_player_level_scores()`.execute(db);
        await sql
          .raw(
            `create function refresh_criterion_levels() returns trigger language plpgsql as $$ begin
              if tg_op = 'DELETE' or old.level_id is distinct from new.level_id then ${level('old.level_id')} end if;
              if tg_op = 'UPDATE' and old.level_id is distinct from new.level_id then ${level('new.level_id')} end if;
              return null; end $$`,
          )
          .execute(db);
        await sql`create trigger criteria_level_scores after update of level_id or delete on criteria for each row execute function refresh_criterion_levels()`.execute(
          db,
        );
        await sql`create function forget_player_level_scores() returns trigger language plpgsql as $$
          begin delete from player_level_scores where player_id = old.id; return null; end $$`.execute(db);
        await sql`create trigger players_forget_level_scores after delete on players for each row execute function forget_player_level_scores()`.execute(
          db,
        );
        return;
      }

      // SQLite: row-level, one (player, level) pair per row.
      const pair = (ref: 'new' | 'old') => `
        delete from player_level_scores where player_id = ${ref}.player_id
          and level_id = (select level_id from criteria where id = ${ref}.criterion_id);
        insert into player_level_scores (player_id, level_id, total)
          select e.player_id, c.level_id, sum(e.score_percentage) from evaluations e join criteria c on c.id = e.criterion_id
          where e.is_current = 1 and e.player_id = ${ref}.player_id
            and c.level_id = (select level_id from criteria where id = ${ref}.criterion_id)
            and exists (select 1 from players p where p.id = ${ref}.player_id)
          group by e.player_id, c.level_id;`;
      await sql
        .raw(`create trigger evaluations_level_score_insert after insert on evaluations when new.is_current = 1 begin ${pair('new')} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger evaluations_level_score_update after update of is_current, score_percentage, player_id, criterion_id on evaluations begin ${pair('old')} ${pair('new')} end`,
        )
        .execute(db);
      await sql
        .raw(`create trigger evaluations_level_score_delete after delete on evaluations when old.is_current = 1 begin ${pair('old')} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger criteria_level_score_move after update of level_id on criteria when old.level_id <> new.level_id begin ${level('old.level_id')} ${level('new.level_id')} end`,
        )
        .execute(db);
      await sql.raw(`create trigger criteria_level_score_delete after delete on criteria begin ${level('old.level_id')} end`).execute(db);
      await sql
        .raw(
          `create trigger players_forget_level_scores after delete on players begin delete from player_level_scores where player_id = old.id; end`,
        )
        .execute(db);
    },
  };
}
