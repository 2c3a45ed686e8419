import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/** The whole data model of docs/architecture.md. Integer ids, text dates, 0/1 booleans, JSON text lists. */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      const stamps = (b: CreateTableBuilder<any, any>) =>
        b.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

      await stamps(
        t
          .id(db.schema.createTable('roles'))
          .addColumn('title', 'text', (c) => c.notNull().unique())
          .addColumn('key', 'text', (c) => c.unique())
          .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('teams', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('players', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('evaluation', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('criteria', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('user_management', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('reports', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('resources', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('emails', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await t
        .id(db.schema.createTable('files'))
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('data', t.blob, (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await stamps(
        t
          .id(db.schema.createTable('players'))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('player_email', 'text')
          .addColumn('dob', 'integer')
          .addColumn('profile_img', 'text')
          .addColumn('video_links', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('pdf_file_id', 'integer', (c) => c.references('files.id').onDelete('set null')),
      ).execute();
      await createIndex(db, 'players_name_idx', 'players', ['last_name', 'first_name']);
      await createIndex(db, 'players_email_idx', 'players', ['email']);

      await stamps(
        t
          .id(db.schema.createTable('users'))
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text')
          .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('restrict'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('player_id', 'integer', (c) => c.references('players.id').onDelete('set null'))
          .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('password_expires_at', 'text'),
      ).execute();
      await createIndex(db, 'users_role_idx', 'users', ['role_id']);
      await createIndex(db, 'users_player_idx', 'users', ['player_id']);

      await t
        .id(db.schema.createTable('sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'sessions_user_idx', 'sessions', ['user_id']);

      for (const name of ['categories', 'seasons', 'achievements'] as const) {
        await t
          .id(db.schema.createTable(name))
          .addColumn(name === 'achievements' ? 'title' : 'name', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      }

      await t
        .id(db.schema.createTable('levels'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(sqlKind))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await stamps(
        t
          .id(db.schema.createTable('teams'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('restrict'))
          .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('restrict'))
          .addColumn('coach_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict')),
      ).execute();
      await createIndex(db, 'teams_category_idx', 'teams', ['category_id']);
      await createIndex(db, 'teams_season_idx', 'teams', ['season_id']);
      await createIndex(db, 'teams_coach_idx', 'teams', ['coach_user_id']);

      await db.schema
        .createTable('team_players')
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('team_players_pk', ['team_id', 'player_id'])
        .execute();
      await createIndex(db, 'team_players_player_idx', 'team_players', ['player_id', 'team_id']);

      await stamps(
        t
          .id(db.schema.createTable('criteria'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('level_id', 'integer', (c) => c.notNull().references('levels.id').onDelete('restrict'))
          .addColumn('weight', t.real, (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('video_links', 'text', (c) => c.notNull().defaultTo('[]')),
      ).execute();
      await createIndex(db, 'criteria_level_idx', 'criteria', ['level_id']);

      await stamps(
        t
          .id(db.schema.createTable('evaluations'))
          .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
          .addColumn('criterion_id', 'integer', (c) => c.notNull().references('criteria.id').onDelete('cascade'))
          .addColumn('score', t.real, (c) => c.notNull())
          .addColumn('score_percentage', t.real, (c) => c.notNull())
          .addColumn('evaluator_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('evaluator_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('video_links', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(1)),
      ).execute();
      // One current evaluation per (player, criterion); history rows have is_current = 0.
      await createIndex(db, 'evaluations_current_uq', 'evaluations', ['player_id', 'criterion_id'], {
        unique: true,
        where: 'is_current = 1',
      });
      await createIndex(db, 'evaluations_player_idx', 'evaluations', ['player_id', 'criterion_id', 'date']);
      await createIndex(db, 'evaluations_board_idx', 'evaluations', [
        'is_current',
        'date',
        'criterion_id',
        'player_id',
        'score_percentage',
      ]);
      await createIndex(db, 'evaluations_criterion_idx', 'evaluations', ['criterion_id']);

      await stamps(
        t
          .id(db.schema.createTable('notes'))
          .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
          .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('author_name', 'text', (c) => c.notNull())
          .addColumn('details', 'text', (c) => c.notNull()),
      ).execute();
      await createIndex(db, 'notes_player_idx', 'notes', ['player_id']);

      await stamps(
        t
          .id(db.schema.createTable('player_achievements'))
          .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
          .addColumn('achievement_id', 'integer', (c) => c.notNull().references('achievements.id').onDelete('restrict'))
          .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('action_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
      ).execute();
      await createIndex(db, 'player_achievements_player_idx', 'player_achievements', ['player_id']);
      await createIndex(db, 'player_achievements_achievement_idx', 'player_achievements', ['achievement_id']);

      await stamps(
        t
          .id(db.schema.createTable('resources'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('video_links', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('document_links', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
      ).execute();
      await db.schema
        .createTable('resource_tags')
        .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
        .addColumn('tag', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('resource_tags_pk', ['resource_id', 'tag'])
        .execute();
      await createIndex(db, 'resource_tags_tag_idx', 'resource_tags', ['tag']);
      await db.schema
        .createTable('resource_access')
        .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('resource_access_pk', ['resource_id', 'role_id'])
        .execute();
      await createIndex(db, 'resource_access_role_idx', 'resource_access', ['role_id']);

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('link_previews')
        .addColumn('url', 'text', (c) => c.primaryKey())
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .execute();

      await t
        .id(db.schema.createTable('password_tokens'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await t
        .id(db.schema.createTable('mail_outbox'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();

      await t
        .id(db.schema.createTable('audit_log'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'audit_log_created_idx', 'audit_log', ['created_at']);
      await createIndex(db, 'audit_log_entity_idx', 'audit_log', ['entity', 'entity_id']);
    },
  };
}

const sqlKind = sql`kind in ('scale_1_10', 'yes_no')`;
