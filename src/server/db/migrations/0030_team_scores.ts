import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';
import { unitsOf } from '../team-units.js';

/**
 * ADR 0023: team_scores (team_id, players, total) keeps each team's member count and the sum of its
 * members' unfiltered totals (in the integer units of team-units.ts), so the teams board reads one
 * row per team instead of averaging every membership.
 *
 * Every trigger keeps one invariant: a team's row is the count of its team_players rows and the Σ of
 * their player_scores totals as they are now. A player's total moving adjusts the teams they are on;
 * a membership added or removed adjusts its team by the player's total. A player delete takes the
 * player's share out of their teams once, before the row goes: by the time the cascaded memberships
 * and totals go, PostgreSQL may already have removed the total, so those triggers skip rows of
 * players that no longer exist.
 */
export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('team_scores')
        .addColumn('team_id', 'integer', (c) => c.primaryKey())
        .addColumn('players', 'integer', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .execute();
      await sql
        .raw(
          `insert into team_scores (team_id, players, total)
            select tp.team_id, count(*), coalesce(sum(${unitsOf('ps.total')}), 0) from team_players tp
            left join player_scores ps on ps.player_id = tp.player_id group by tp.team_id`,
        )
        .execute(db);

      // Adds a per-player difference (rows of player_id, delta) to every team the player is on now.
      const addToTeams = (deltas: string) => `
        update team_scores set total = team_scores.total + d.delta
        from (select tp.team_id, sum(x.delta) as delta from (${deltas}) x
              join players p on p.id = x.player_id
              join team_players tp on tp.player_id = x.player_id group by tp.team_id) d
        where team_scores.team_id = d.team_id;`;
      // Memberships (rows of team_id, player_id) joining or leaving, with their player's total now.
      const join = (rows: string) => `
        insert into team_scores (team_id, players, total)
          select m.team_id, count(*), coalesce(sum(${unitsOf('ps.total')}), 0) from (${rows}) m
          left join player_scores ps on ps.player_id = m.player_id where true group by m.team_id
        on conflict (team_id) do update set players = team_scores.players + excluded.players, total = team_scores.total + excluded.total;`;
      const leave = (rows: string) => `
        update team_scores set players = team_scores.players - d.n, total = team_scores.total - d.total
        from (select m.team_id, count(*) as n, coalesce(sum(${unitsOf('ps.total')}), 0) as total from (${rows}) m
              join players p on p.id = m.player_id
              left join player_scores ps on ps.player_id = m.player_id group by m.team_id) d
        where team_scores.team_id = d.team_id;`;
      // A deleted player's share, before the row goes (the rows above it skip).
      const playerLeaves = `
        update team_scores set players = team_scores.players - 1,
          total = team_scores.total - coalesce((select ${unitsOf('total')} from player_scores where player_id = old.id), 0)
        where team_id in (select team_id from team_players where player_id = old.id);`;

      if (dialect === 'postgres') {
        // Statement-level with transition tables, like player_scores: an import touches each team once.
        const fn = async (name: string, body: string) =>
          sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
        await fn('team_scores_total_in', addToTeams(`select player_id, ${unitsOf('total')} as delta from added`));
        await fn('team_scores_total_out', addToTeams(`select player_id, -${unitsOf('total')} as delta from removed`));
        await fn(
          'team_scores_total_moved',
          addToTeams(
            `select player_id, ${unitsOf('total')} as delta from added union all select player_id, -${unitsOf('total')} from removed`,
          ),
        );
        await fn('team_scores_join', join('select team_id, player_id from added'));
        await fn('team_scores_leave', leave('select team_id, player_id from removed'));
        await fn('team_scores_move', `${leave('select team_id, player_id from removed')} ${join('select team_id, player_id from added')}`);
        const on = async (trigger: string, event: string, transition: string, name: string) =>
          sql
            .raw(`create trigger ${trigger} after ${event} referencing ${transition} for each statement execute function ${name}()`)
            .execute(db);
        await on('player_scores_team_insert', 'insert on player_scores', 'new table as added', 'team_scores_total_in');
        await on(
          'player_scores_team_update',
          'update on player_scores',
          'new table as added old table as removed',
          'team_scores_total_moved',
        );
        await on('player_scores_team_delete', 'delete on player_scores', 'old table as removed', 'team_scores_total_out');
        await on('team_players_score_insert', 'insert on team_players', 'new table as added', 'team_scores_join');
        await on('team_players_score_update', 'update on team_players', 'new table as added old table as removed', 'team_scores_move');
        await on('team_players_score_delete', 'delete on team_players', 'old table as removed', 'team_scores_leave');
        await fn('team_scores_forget', 'delete from team_scores where team_id = old.id;');
        await sql
          .raw(
            `create function team_scores_player_leaves() returns trigger language plpgsql as $$ begin ${playerLeaves} return old; end $$`,
          )
          .execute(db);
        await sql`create trigger players_leave_team_scores before delete on players for each row execute function team_scores_player_leaves()`.execute(
          db,
        );
        await sql`create trigger teams_forget_score after delete on teams for each row execute function team_scores_forget()`.execute(db);
        return;
      }

      // SQLite: row-level, the same statements over the one changed row.
      const trigger = (name: string, event: string, body: string) =>
        sql.raw(`create trigger ${name} after ${event} begin ${body} end`).execute(db);
      const row = (ref: 'new' | 'old', sign = '') => `select ${ref}.player_id as player_id, ${sign}${unitsOf(`${ref}.total`)} as delta`;
      await trigger('player_scores_team_insert', 'insert on player_scores', addToTeams(row('new')));
      await trigger(
        'player_scores_team_update',
        'update of total, player_id on player_scores',
        addToTeams(`${row('new')} union all ${row('old', '-')}`),
      );
      await trigger('player_scores_team_delete', 'delete on player_scores', addToTeams(row('old', '-')));
      const member = (ref: 'new' | 'old') => `select ${ref}.team_id as team_id, ${ref}.player_id as player_id`;
      await trigger('team_players_score_insert', 'insert on team_players', join(member('new')));
      await trigger(
        'team_players_score_update',
        'update of team_id, player_id on team_players',
        `${leave(member('old'))} ${join(member('new'))}`,
      );
      await trigger('team_players_score_delete', 'delete on team_players', leave(member('old')));
      await trigger('teams_forget_score', 'delete on teams', 'delete from team_scores where team_id = old.id;');
      await sql.raw(`create trigger players_leave_team_scores before delete on players begin ${playerLeaves} end`).execute(db);
    },
  };
}
