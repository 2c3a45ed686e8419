import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, portable } from '../schema-helpers.js';

/**
 * From tryout to teams (issue 28): a draft places candidates into the teams of a target season. A
 * candidate's placement and decision live on one row keyed (draft, player), so a player is in at most
 * one team per draft by construction. Every change bumps the draft's version and appends an event, so a
 * stale save is refused with the events it missed. Offers go to selected players with one-time links.
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .id(db.schema.createTable('drafts'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('restrict'))
        // open → finalised (memberships written, edits only as revisions with a reason).
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('finalised_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('finalised_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'drafts_season_idx', 'drafts', ['season_id']);

      await db.schema
        .createTable('draft_teams')
        .addColumn('draft_id', 'integer', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('target_size', 'integer')
        // JSON { [position]: size }, optional.
        .addColumn('position_targets', 'text', (c) => c.notNull().defaultTo('{}'))
        .addPrimaryKeyConstraint('draft_teams_pk', ['draft_id', 'team_id'])
        .execute();
      await createIndex(db, 'draft_teams_team_idx', 'draft_teams', ['team_id']);

      await db.schema
        .createTable('draft_candidates')
        .addColumn('draft_id', 'integer', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        // 'session' | 'team' | 'manual', with the session or team it came from.
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_id', 'integer')
        .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'text')
        // undecided | callback | selected | waitlisted | released | withdrawn
        .addColumn('decision', 'text', (c) => c.notNull().defaultTo('undecided'))
        // Order among a team's waitlisted players (1 = next in line).
        .addColumn('waitlist_rank', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('draft_candidates_pk', ['draft_id', 'player_id'])
        .execute();
      await createIndex(db, 'draft_candidates_team_idx', 'draft_candidates', ['draft_id', 'team_id']);
      await createIndex(db, 'draft_candidates_player_idx', 'draft_candidates', ['player_id']);

      // Append-only: moves, pins, decisions, targets, finalise and revisions (with their reason).
      await t
        .id(db.schema.createTable('draft_events'))
        .addColumn('draft_id', 'integer', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('player_id', 'integer', (c) => c.references('players.id').onDelete('set null'))
        // JSON: what changed, e.g. { from_team_id, to_team_id } or { from, to } for a decision.
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('reason', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'draft_events_draft_idx', 'draft_events', ['draft_id', 'version']);
      await createIndex(db, 'draft_events_player_idx', 'draft_events', ['player_id']);

      await t
        .id(db.schema.createTable('offers'))
        .addColumn('draft_id', 'integer', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        // pending → accepted | declined | expired | withdrawn
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('deadline', 'text', (c) => c.notNull())
        // The offer this one replaced, when a waitlisted player was promoted.
        .addColumn('replaces_offer_id', 'integer')
        .addColumn('answered_at', 'text')
        .addColumn('answered_by', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'offers_open_uq', 'offers', ['draft_id', 'player_id'], {
        unique: true,
        where: "state = 'pending'",
      });
      await createIndex(db, 'offers_deadline_idx', 'offers', ['state', 'deadline']);
      await createIndex(db, 'offers_team_idx', 'offers', ['team_id']);

      await t
        .id(db.schema.createTable('offer_deliveries'))
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('recipient_kind', 'text', (c) => c.notNull())
        .addColumn('guardian_id', 'integer', (c) => c.references('guardians.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('email', 'text', (c) => c.notNull())
        // sha-256 of the one-time answer link's token.
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'offer_deliveries_offer_idx', 'offer_deliveries', ['offer_id']);

      // Editable message templates (offer, promotion…), one row per key.
      await db.schema
        .createTable('message_templates')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
