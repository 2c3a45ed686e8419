import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex } from '../schema-helpers.js';

/**
 * Leaderboard support (issue 5, ADR 0006):
 * - an index ordered like the score aggregate's GROUP BY (player, criterion) and covering it;
 * - score_state.version, bumped by triggers on every change that can move a ranking, so each app
 *   process can cache rankings keyed by (version, filter) and stay correct across processes.
 */
const WATCHED: Record<string, string[]> = {
  evaluations: ['insert', 'update', 'delete'],
  team_players: ['insert', 'update', 'delete'],
  players: ['insert', 'delete'],
  teams: ['insert', 'update', 'delete'],
};

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await createIndex(db, 'evaluations_totals_idx', 'evaluations', [
        'is_current',
        'player_id',
        'criterion_id',
        'date',
        'score_percentage',
      ]);
      await createIndex(db, 'evaluations_player_date_idx', 'evaluations', ['player_id', 'date']);
      await db.schema
        .createTable('score_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('score_state').values({ id: 1, version: 1 }).execute();

      if (dialect === 'postgres') {
        await sql`create function bump_score_version() returns trigger language plpgsql as $$
          begin update score_state set version = version + 1 where id = 1; return null; end $$`.execute(db);
        for (const [table, events] of Object.entries(WATCHED)) {
          // Statement-level: a bulk import bumps once, not once per row.
          await sql
            .raw(
              `create trigger ${table}_score_version after ${events.join(' or ')} on ${table} for each statement execute function bump_score_version()`,
            )
            .execute(db);
        }
      } else {
        for (const [table, events] of Object.entries(WATCHED)) {
          for (const event of events) {
            await sql
              .raw(
                `create trigger ${table}_score_version_${event} after ${event} on ${table} begin update score_state set version = version + 1 where id = 1; end`,
              )
              .execute(db);
          }
        }
      }
    },
  };
}
