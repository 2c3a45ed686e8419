import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { ensureGuardians, guardianEmails, hasAnyLink, insertPrimaryLinks, isGuardianEmail, normalEmail } from './links.repository.js';

export const guardianRuleMessages = {
  playerEmailIsGuardian: "A player's sign-in e-mail cannot be a guardian's e-mail.",
} as const;

/**
 * The parent e-mail of new players becomes their primary guardian: an existing guardian with that
 * e-mail is reused, so siblings get one guardian and a link each. Runs inside the player save's transaction.
 */
export async function linkParentEmails(trx: Kysely<DB>, all: readonly { id: number; email: string }[]): Promise<void> {
  // An erased player keeps no parent e-mail (ADR 0022): nothing to link.
  const players = all.filter((p) => p.email.trim() !== '');
  if (!players.length) return;
  const ids = await ensureGuardians(
    trx,
    players.map((p) => p.email),
  );
  await insertPrimaryLinks(
    trx,
    players.map((p) => ({ guardian_id: ids.get(normalEmail(p.email))!, player_id: p.id })),
  );
}

/** An edited player without any guardian link (an older record) gets its parent e-mail as primary guardian. */
export async function ensureParentLinked(trx: Kysely<DB>, player: { id: number; email: string }): Promise<void> {
  if (!(await hasAnyLink(trx, player.id))) await linkParentEmails(trx, [player]);
}

/** A player's own sign-in e-mail may not be a guardian's (a child is never registered with a parent's address). */
export async function assertNotGuardianEmail(db: Kysely<DB>, playerEmail: string | null, parentEmail: string): Promise<void> {
  if (!playerEmail) return;
  if (normalEmail(playerEmail) === normalEmail(parentEmail) || (await isGuardianEmail(db, playerEmail))) {
    throw badRequest(guardianRuleMessages.playerEmailIsGuardian, 'player_email');
  }
}

/** The bulk form of assertNotGuardianEmail: the player e-mails of these rows that are guardians' (in the file or the database). */
export async function playerEmailsOfGuardians(
  db: Kysely<DB>,
  rows: readonly { email: string; player_email: string | null }[],
): Promise<Set<string>> {
  const own = rows.flatMap((r) => (r.player_email ? [normalEmail(r.player_email)] : []));
  const taken = await guardianEmails(db, own);
  for (const r of rows) taken.add(normalEmail(r.email));
  return new Set(own.filter((e) => taken.has(e)));
}
