import type { Kysely, Migration } from 'kysely';
import type { Database } from '../index.js';
import { createIndex, createVersionTriggers, portable } from '../schema-helpers.js';
import { nowIso } from '../../lib/time.js';

/**
 * Families (issue 26, docs/decisions/0019-families.md): guardians (one per normalised e-mail), their
 * links to players, one-time sign-in links, the guardians' own sessions, consents per purpose and the
 * club's consent wording. Every player's parent e-mail becomes its primary guardian here, on both
 * databases: siblings with one e-mail share one guardian.
 */
export function migration({ dialect }: Database): Migration {
  const t = portable(dialect);
  return {
    async up(db: Kysely<any>) {
      await t
        .id(db.schema.createTable('guardians'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_sign_in_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await t
        .id(db.schema.createTable('guardian_links'))
        .addColumn('guardian_id', 'integer', (c) => c.notNull().references('guardians.id').onDelete('cascade'))
        .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
        .addColumn('relationship', 'text', (c) => c.notNull().defaultTo('parent'))
        .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('receives_reports', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('parental_responsibility', 'integer', (c) => c.notNull().defaultTo(1))
        // invited → active, or declined ("this isn't my child") or revoked (by staff); rows stay as history.
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('invited'))
        .addColumn('invited_at', 'text')
        .addColumn('status_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'guardian_links_uq', 'guardian_links', ['guardian_id', 'player_id'], { unique: true });
      await createIndex(db, 'guardian_links_player_idx', 'guardian_links', ['player_id', 'status']);
      // At most one primary per player; the services keep exactly one while the player has a live link.
      await createIndex(db, 'guardian_links_primary_uq', 'guardian_links', ['player_id'], { unique: true, where: 'is_primary = 1' });

      await t
        .id(db.schema.createTable('guardian_tokens'))
        .addColumn('guardian_id', 'integer', (c) => c.notNull().references('guardians.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'guardian_tokens_guardian_idx', 'guardian_tokens', ['guardian_id', 'created_at']);

      await t
        .id(db.schema.createTable('guardian_sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('guardian_id', 'integer', (c) => c.notNull().references('guardians.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      await t
        .id(db.schema.createTable('consent_texts'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await createIndex(db, 'consent_texts_uq', 'consent_texts', ['purpose', 'version'], { unique: true });

      await db.schema
        .createTable('guardian_consents')
        .addColumn('link_id', 'integer', (c) => c.notNull().references('guardian_links.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('granted', 'integer', (c) => c.notNull())
        .addColumn('text_version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('guardian_consents_pk', ['link_id', 'purpose'])
        .execute();

      await migrateParentEmails(db);

      // A consent or a link's status moves the score version: cached public board pages, which name
      // only consented players, are rebuilt within the boards' refresh interval (ADR 0006, 0019).
      await createVersionTriggers(db, dialect, WATCHED);
    },
  };
}

const WATCHED = [
  { table: 'guardian_consents', name: 'guardian_consents_version_insert', event: 'insert' },
  { table: 'guardian_consents', name: 'guardian_consents_version_update', event: 'update' },
  { table: 'guardian_consents', name: 'guardian_consents_version_delete', event: 'delete' },
  { table: 'guardian_links', name: 'guardian_links_version', event: 'update of status, parental_responsibility' },
  { table: 'guardian_links', name: 'guardian_links_version_delete', event: 'delete' },
];

const CHUNK = 500;

/** Each distinct parent e-mail (trimmed, lower-cased) becomes one guardian, each player one primary link. */
export async function migrateParentEmails(db: Kysely<any>): Promise<void> {
  const players: { id: number; email: string }[] = await db.selectFrom('players').select(['id', 'email']).orderBy('id').execute();
  const normal = (e: string) => e.trim().toLowerCase();
  const emails = [...new Set(players.map((p) => normal(p.email)).filter((e) => e !== ''))];
  const now = nowIso();
  const ids = new Map<string, number>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows: { id: number; email: string }[] = await db
      .insertInto('guardians')
      .values(emails.slice(i, i + CHUNK).map((email) => ({ email, name: '', created_at: now, updated_at: now })))
      .returning(['id', 'email'])
      .execute();
    for (const r of rows) ids.set(r.email, Number(r.id));
  }
  const links = players.flatMap((p) => {
    const guardian = ids.get(normal(p.email));
    return guardian === undefined
      ? []
      : [
          {
            guardian_id: guardian,
            player_id: p.id,
            relationship: 'parent',
            is_primary: 1,
            receives_reports: 1,
            parental_responsibility: 1,
            status: 'invited',
            invited_at: null,
            status_at: now,
            created_at: now,
            updated_at: now,
          },
        ];
  });
  for (let i = 0; i < links.length; i += CHUNK)
    await db
      .insertInto('guardian_links')
      .values(links.slice(i, i + CHUNK))
      .execute();
}
