import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * Development plans (issue 41, ADR 0029): a goal of one player on one criterion (or free text), its
 * baseline taken from the player's current evaluation, its latest score kept by the evaluation write
 * path; every state change an event (dated, by whom), and the check-ins of coach and player.
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .id(db.schema.createTable('goals'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        // Null: a free-text goal (title says what), or a criterion deleted since.
        .addColumn('criterion_id', 'integer', (c) => c.references('criteria.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('baseline_score', t.real)
        .addColumn('baseline_on', 'text')
        .addColumn('baseline_evaluation_id', 'integer', (c) => c.references('evaluations.id').onDelete('set null'))
        .addColumn('target_score', t.real)
        .addColumn('latest_score', t.real)
        .addColumn('latest_on', 'text')
        .addColumn('latest_evaluation_id', 'integer', (c) => c.references('evaluations.id').onDelete('set null'))
        .addColumn('due_on', 'text', (c) => c.notNull())
        .addColumn('visible_to_family', 'integer', (c) => c.notNull().defaultTo(1))
        // active → achieved | not_achieved | dropped
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('state_changed_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'goals_player_idx', 'goals', ['player_id', 'state']);
      // The evaluation write path's hook finds a criterion's active goals of some players.
      await createIndex(db, 'goals_criterion_idx', 'goals', ['criterion_id', 'player_id']);

      // Append-only history: created, each state change (with its note), edits, progress from an evaluation.
      await t
        .id(db.schema.createTable('goal_events'))
        .addColumn('goal_id', 'integer', (c) => c.notNull().references('goals.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_state', 'text')
        .addColumn('to_state', 'text')
        .addColumn('score', t.real)
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('by_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'goal_events_goal_idx', 'goal_events', ['goal_id']);
      await createIndex(db, 'goal_events_player_idx', 'goal_events', ['player_id']);

      await t
        .id(db.schema.createTable('goal_check_ins'))
        .addColumn('goal_id', 'integer', (c) => c.notNull().references('goals.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('on_date', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('practice_count', 'integer')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('by_name', 'text', (c) => c.notNull())
        // Whether the player wrote it (their own sign-in) or staff.
        .addColumn('by_player', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'goal_check_ins_goal_idx', 'goal_check_ins', ['goal_id']);
      await createIndex(db, 'goal_check_ins_player_idx', 'goal_check_ins', ['player_id']);
    },
  };
}
