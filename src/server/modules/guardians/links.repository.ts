import type { Kysely } from 'kysely';
import { chunked } from '../../db/precompiled.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

/**
 * Guardians and their links to players as player saves need them: set-based, so a CSV of 10,000
 * players is a few statements. One guardian per normalised e-mail (ADR 0019).
 */
const CHUNK = 500;

export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The guardian id of each e-mail, creating the missing guardians. */
export async function ensureGuardians(db: Kysely<DB>, emails: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(emails.map(normalEmail))].filter((e) => e !== '');
  const ids = new Map<string, number>();
  const found = await chunked(
    db,
    wanted,
    CHUNK,
    (chunk) => db.selectFrom('guardians').select(['id', 'email']).where('email', 'in', chunk),
    (chunk) => [...chunk],
  );
  for (const r of found) ids.set(r.email, r.id);
  const missing = wanted.filter((e) => !ids.has(e));
  const now = nowIso();
  const inserted = await chunked(
    db,
    missing,
    CHUNK,
    (chunk) =>
      db
        .insertInto('guardians')
        .values(chunk.map((email) => ({ email, name: '', last_sign_in_at: null, created_at: now, updated_at: now })))
        .returning(['id', 'email']),
    (chunk) => chunk.flatMap((email) => [email, '', null, now, now]),
  );
  for (const r of inserted) ids.set(r.email, r.id);
  return ids;
}

/** Primary links of players that have none yet (new players): invited, parental responsibility, receives reports. */
export async function insertPrimaryLinks(db: Kysely<DB>, links: readonly { guardian_id: number; player_id: number }[]): Promise<void> {
  const now = nowIso();
  const row = (l: { guardian_id: number; player_id: number }) => ({
    guardian_id: l.guardian_id,
    player_id: l.player_id,
    relationship: 'parent',
    is_primary: 1,
    receives_reports: 1,
    parental_responsibility: 1,
    status: 'invited' as const,
    invited_at: null,
    status_at: now,
    created_at: now,
    updated_at: now,
  });
  await chunked(
    db,
    links,
    CHUNK,
    (chunk) => db.insertInto('guardian_links').values(chunk.map(row)),
    (chunk) => chunk.flatMap((l) => Object.values(row(l))),
  );
}

/** Whether the player has any guardian link at all (history included). */
export async function hasAnyLink(db: Kysely<DB>, playerId: number): Promise<boolean> {
  const row = await db.selectFrom('guardian_links').select('id').where('player_id', '=', playerId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether a guardian has this e-mail (a player's own sign-in may not use it). */
export async function isGuardianEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db.selectFrom('guardians').select('id').where('email', '=', normalEmail(email)).executeTakeFirst();
  return row !== undefined;
}

/** Which of these e-mails belong to guardians (bulk import). */
export async function guardianEmails(db: Kysely<DB>, emails: readonly string[]): Promise<Set<string>> {
  const rows = await chunked(
    db,
    [...new Set(emails.map(normalEmail))],
    CHUNK,
    (chunk) => db.selectFrom('guardians').select('email').where('email', 'in', chunk),
    (chunk) => [...chunk],
  );
  return new Set(rows.map((r) => r.email));
}
