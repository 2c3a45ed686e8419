import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createVersionTriggers, type VersionTrigger } from '../schema-helpers.js';

/**
 * score_state.version also moves when what the cached teams and players lists or a cached player
 * profile show changes (ADR 0006): club and season names, a coach's role, any player column, and the
 * player accounts linked to players. 0006 and 0008 cover scores, memberships, teams and names.
 */
const WATCHED: VersionTrigger[] = [
  { table: 'categories', name: 'categories_list_version', event: 'update of name' },
  { table: 'seasons', name: 'seasons_list_version', event: 'update of name' },
  { table: 'users', name: 'users_list_version', event: 'update of role_id, player_id' },
  { table: 'users', name: 'users_list_version_insert', event: 'insert' },
  { table: 'users', name: 'users_list_version_delete', event: 'delete' },
  { table: 'players', name: 'players_list_version', event: 'update' },
];

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await createVersionTriggers(db, dialect, WATCHED);
    },
  };
}
