import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex } from '../schema-helpers.js';

/**
 * Where a goal came from (issue 41, ADR 0029): the approved report whose "things to work on" it turns
 * into a goal, or the team whose coach set one goal for many players. Both stay when the source goes
 * (set null): the goal is the player's, its history is kept.
 *
 * The staff dashboard counts goals per team and is cached per score version (migration 0024), so a
 * goal created, moved, rescheduled or deleted bumps the version too (not a description being edited).
 */
const EVENTS = ['insert', 'update of state, state_changed_at, due_on, player_id', 'delete'];

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('goals')
        .addColumn('source_report_id', 'integer', (c) => c.references('reports.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('goals')
        .addColumn('source_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .execute();
      await createIndex(db, 'goals_source_report_idx', 'goals', ['source_report_id']);
      if (dialect === 'postgres') {
        // bump_score_version() is migration 0006's; statement-level, as there.
        await sql
          .raw(
            `create trigger goals_score_version after ${EVENTS.join(' or ')} on goals for each statement execute function bump_score_version()`,
          )
          .execute(db);
      } else {
        for (const event of EVENTS)
          await sql
            .raw(
              `create trigger goals_score_version_${event.split(' ')[0]} after ${event} on goals begin update score_state set version = version + 1 where id = 1; end`,
            )
            .execute(db);
      }
    },
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') await sql`drop trigger if exists goals_score_version on goals`.execute(db);
      else for (const event of EVENTS) await sql.raw(`drop trigger if exists goals_score_version_${event.split(' ')[0]}`).execute(db);
      await db.schema.dropIndex('goals_source_report_idx').execute();
      await db.schema.alterTable('goals').dropColumn('source_team_id').execute();
      await db.schema.alterTable('goals').dropColumn('source_report_id').execute();
    },
  };
}
