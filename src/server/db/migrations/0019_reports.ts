import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * Evaluation reports (issue 27, docs/decisions/0020-reports.md): cycles of a season over a set of
 * teams, one report per player × cycle × version (a snapshot that never changes once sent), and one
 * delivery per recipient with its one-time link.
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .id(db.schema.createTable('report_cycles'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('restrict'))
        // Dates (YYYY-MM-DD), both inclusive: the evaluations current at the close make the report.
        .addColumn('opens_on', 'text', (c) => c.notNull())
        .addColumn('closes_on', 'text', (c) => c.notNull())
        .addColumn('show_team_average', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('show_rank', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'report_cycles_season_idx', 'report_cycles', ['season_id', 'closes_on']);

      await db.schema
        .createTable('report_cycle_teams')
        .addColumn('cycle_id', 'integer', (c) => c.notNull().references('report_cycles.id').onDelete('cascade'))
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('report_cycle_teams_pk', ['cycle_id', 'team_id'])
        .execute();
      await createIndex(db, 'report_cycle_teams_team_idx', 'report_cycle_teams', ['team_id']);

      await t
        .id(db.schema.createTable('reports'))
        .addColumn('cycle_id', 'integer', (c) => c.notNull().references('report_cycles.id').onDelete('restrict'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        // The team the report was written for: a coach reaches it through this team.
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('restrict'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        // draft → approved → sent → viewed; revoked (after sent) and superseded (re-issued) end a version.
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('overall_comment', 'text', (c) => c.notNull().defaultTo(''))
        // JSON: { [criterionId]: comment }.
        .addColumn('criterion_comments', 'text', (c) => c.notNull().defaultTo('{}'))
        // JSON: up to three { criterion_id, text, resource_ids[] }.
        .addColumn('focus', 'text', (c) => c.notNull().defaultTo('[]'))
        // JSON snapshot of scores, labels, descriptions, total, change, average/rank; frozen at approval.
        .addColumn('snapshot', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('viewed_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'reports_version_uq', 'reports', ['cycle_id', 'player_id', 'version'], { unique: true });
      await createIndex(db, 'reports_team_idx', 'reports', ['team_id', 'cycle_id', 'state']);
      await createIndex(db, 'reports_player_idx', 'reports', ['player_id', 'cycle_id']);

      await t
        .id(db.schema.createTable('report_deliveries'))
        .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
        // 'guardian' (guardian_id) or 'player' (user_id: the player's own sign-in).
        .addColumn('recipient_kind', 'text', (c) => c.notNull())
        .addColumn('guardian_id', 'integer', (c) => c.references('guardians.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('email', 'text', (c) => c.notNull())
        // sha-256 of the one-time link's token; the link ends when the report is revoked.
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('expires_at', 'text')
        // queued → sent, or failed / bounced (shown on the player's profile), or cancelled.
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('error', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('viewed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'report_deliveries_report_idx', 'report_deliveries', ['report_id']);
    },
  };
}
