import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * Evaluation sessions (tryouts, season assessments): several evaluators score the same players blind,
 * and the session's means are published into evaluations (docs/decisions/0016-session-averaging.md).
 * A new permission section, `sessions`: 2 runs sessions, 1 scores in the sessions one is assigned to.
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('roles')
        .addColumn('sessions', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.updateTable('roles').set({ sessions: 2 }).where('key', 'in', ['superadmin', 'admin']).execute();
      await db.updateTable('roles').set({ sessions: 1 }).where('key', '=', 'coach').execute();

      await t
        .id(db.schema.createTable('eval_sessions'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
        .addColumn('season_id', 'integer', (c) => c.references('seasons.id').onDelete('set null'))
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('min_evaluators', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('results_unlocked', 'integer', (c) => c.notNull().defaultTo(0))
        // Guests join with it while the session is open; cleared when it closes.
        .addColumn('guest_code', 'text', (c) => c.unique())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('published_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('eval_session_criteria')
        .addColumn('session_id', 'integer', (c) => c.notNull().references('eval_sessions.id').onDelete('cascade'))
        .addColumn('criterion_id', 'integer', (c) => c.notNull().references('criteria.id').onDelete('cascade'))
        .addColumn('weight', t.real, (c) => c.notNull())
        .addPrimaryKeyConstraint('eval_session_criteria_pk', ['session_id', 'criterion_id'])
        .execute();

      await db.schema
        .createTable('eval_session_players')
        .addColumn('session_id', 'integer', (c) => c.notNull().references('eval_sessions.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('bib', 'integer')
        .addColumn('present', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('walk_up', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('eval_session_players_pk', ['session_id', 'player_id'])
        .execute();
      await createIndex(db, 'eval_session_players_bib_uq', 'eval_session_players', ['session_id', 'bib'], {
        unique: true,
        where: 'bib IS NOT NULL',
      });

      await t
        .id(db.schema.createTable('eval_session_evaluators'))
        .addColumn('session_id', 'integer', (c) => c.notNull().references('eval_sessions.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('guest_name', 'text')
        // A guest's own token (sha-256), sent as a header; it works only while the session is open.
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'eval_session_evaluators_user_uq', 'eval_session_evaluators', ['session_id', 'user_id'], {
        unique: true,
        where: 'user_id IS NOT NULL',
      });

      await t
        .id(db.schema.createTable('eval_session_scores'))
        .addColumn('session_id', 'integer', (c) => c.notNull().references('eval_sessions.id').onDelete('cascade'))
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('eval_session_evaluators.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('criterion_id', 'integer', (c) => c.notNull().references('criteria.id').onDelete('cascade'))
        .addColumn('score', t.real, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // One score per evaluator, player and criterion: a second tap replaces the first.
      await createIndex(db, 'eval_session_scores_uq', 'eval_session_scores', ['session_id', 'evaluator_id', 'player_id', 'criterion_id'], {
        unique: true,
      });
    },
  };
}
