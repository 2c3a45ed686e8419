import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex } from '../schema-helpers.js';

/**
 * Season rollover (issue 28, docs/decisions/0024-season-rollover.md): a team remembers the team it was
 * rolled over from, so a second run finds it instead of copying it again; a season closed by a rollover
 * is read-only for evaluations until an admin reopens it.
 */
export function migration(_database: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('teams')
        .addColumn('rolled_from_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .execute();
      await createIndex(db, 'teams_rolled_from_uq', 'teams', ['season_id', 'rolled_from_team_id'], {
        unique: true,
        where: 'rolled_from_team_id is not null',
      });
      await db.schema.alterTable('seasons').addColumn('closed_at', 'text').execute();
    },
  };
}
