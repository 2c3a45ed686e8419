import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * Tables a write would touch. Every successful write also adds an audit_log row, so row counts here
 * notice updates too. Sessions are left out (sign-in and sign-out change them by design).
 */
const TABLES = [
  'roles',
  'users',
  'categories',
  'seasons',
  'levels',
  'teams',
  'players',
  'team_players',
  'criteria',
  'evaluations',
  'notes',
  'achievements',
  'player_achievements',
  'resources',
  'resource_tags',
  'resource_access',
  'files',
  'settings',
  'password_tokens',
  'mail_outbox',
  'audit_log',
  'eval_sessions',
  'eval_session_criteria',
  'eval_session_players',
  'eval_session_evaluators',
  'eval_session_scores',
  'guardians',
  'guardian_links',
  'guardian_tokens',
  'guardian_consents',
  'consent_texts',
  'imports',
  'import_effects',
  'import_mappings',
] as const satisfies readonly (keyof DB)[];

/** One cheap query: the row count of each main table, as 'table=n …' (equal strings = nothing written). */
export async function fingerprint(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectNoFrom((eb) =>
      TABLES.map((table) =>
        eb
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .as(table),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, unknown>;
  return TABLES.map((table) => `${table}=${Number(counts[table])}`).join(' ');
}
