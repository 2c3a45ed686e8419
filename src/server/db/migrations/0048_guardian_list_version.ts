import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createVersionTriggers, dropVersionTriggers } from '../schema-helpers.js';

/**
 * The Guardians list counts each filter once per score version (ADR 0023), so everything that changes
 * who is in it moves the version: a new link (a status change or a removed link already does, migration
 * 0017), a link moved to another guardian or player, and a guardian's e-mail or name (the search).
 * Team memberships (the caller's scope) already move it (migration 0006).
 */
const WATCHED = [
  { table: 'guardian_links', name: 'guardian_links_version_insert', event: 'insert' },
  { table: 'guardian_links', name: 'guardian_links_version_owner', event: 'update of guardian_id, player_id' },
  { table: 'guardians', name: 'guardians_version_search', event: 'update of email, name' },
];

export function migration({ dialect }: Database): Migration {
  return {
    async up(db: Kysely<any>) {
      await createVersionTriggers(db, dialect, WATCHED);
    },
    async down(db: Kysely<any>) {
      await dropVersionTriggers(db, dialect, WATCHED);
    },
  };
}
