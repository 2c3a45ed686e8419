import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './erasure.repository.js';
import { auditAbout, ownedIds } from './export.repository.js';

/**
 * Erasing a player (docs/product.md#privacy, ADR 0022), inside the approving decision's transaction:
 * the player row stays, anonymous, so evaluations, team figures, boards and session results keep
 * their numbers; everything that names or describes the person goes.
 */
export const ERASED_MARK = '[erased]';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each term (whole words, any case) with the mark. */
export function scrub(text: string, terms: readonly string[]): string {
  let out = text;
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?![\\p{L}\\p{N}])`, 'giu'), ERASED_MARK);
  }
  return out;
}

const clean = (list: readonly (string | null | undefined)[]) => [...new Set(list.map((s) => (s ?? '').trim()).filter((s) => s.length > 1))];

export async function erasePlayer(trx: Kysely<DB>, actor: Actor, playerId: number, requestId: number): Promise<void> {
  const now = nowIso();
  const player = await repo.playerToErase(trx, playerId);
  const accounts = await repo.accountsOf(trx, playerId);
  const guardians = await repo.guardiansOf(trx, playerId);
  const leaving = guardians.filter((g) => !g.has_other_child);
  const owned = await ownedIds(trx, playerId);

  // What names the person anywhere: used on every row, in any table, that the erasure keeps.
  const fullNames = clean([
    `${player.first_name} ${player.last_name}`,
    `${player.last_name} ${player.first_name}`,
    ...accounts.map((a) => `${a.first_name} ${a.last_name}`),
  ]);
  const erasedEmails = clean([player.player_email, ...accounts.map((a) => a.email), ...leaving.map((g) => g.email)]).map((e) =>
    e.toLowerCase(),
  );
  const strong = [...fullNames, ...erasedEmails];
  // Rows about the player themself may also name them by first or last name alone.
  const parts = clean([player.first_name, player.last_name, ...leaving.map((g) => g.name)]);

  // Audit: the player's own entries, their account's actions, and any other entry naming them.
  const about = await auditAbout(trx, owned);
  for (const row of about) {
    const summary = scrub(row.summary, [...strong, ...parts]);
    const user_name = scrub(row.user_name, [...strong, ...parts]);
    if (summary !== row.summary || user_name !== row.user_name) await repo.updateTexts(trx, 'audit_log', row.id, { summary, user_name });
  }
  await repo.renameAuditActor(
    trx,
    accounts.map((a) => a.id),
    'Erased user',
  );
  for (const row of await repo.rowsContaining(trx, 'audit_log', ['summary', 'user_name'], strong)) {
    await repo.updateTexts(trx, 'audit_log', row.id, {
      summary: scrub(row.text.summary ?? '', strong),
      user_name: scrub(row.text.user_name ?? '', strong),
    });
  }

  // Mail: everything sent to the person or a guardian who leaves goes. Mail to a guardian who stays
  // (a sibling's) may name the child by first name; any other mail is scrubbed of full names only.
  const mails = await repo.deleteMailTo(trx, erasedEmails);
  const staying = new Set(guardians.filter((g) => g.has_other_child).map((g) => g.email.toLowerCase()));
  for (const row of await repo.rowsContaining(trx, 'mail_outbox', ['subject', 'text', 'to_address'], [...strong, ...parts])) {
    const { subject = '', text = '', to_address = '' } = row.text;
    const terms = staying.has(to_address.toLowerCase()) ? [...strong, ...parts] : strong;
    const values = { subject: scrub(subject, terms), text: scrub(text, terms) };
    if (values.subject !== subject || values.text !== text) await repo.updateTexts(trx, 'mail_outbox', row.id, values);
  }

  const deleted = await repo.deleteOwnRows(trx, playerId);
  const evaluations = await repo.stripEvaluations(trx, playerId, now);
  await repo.anonymisePlayer(trx, playerId, now);
  const files = await repo.deleteFiles(
    trx,
    player.pdf_file_id === null ? [] : [player.pdf_file_id],
    player.profile_img ? [player.profile_img] : [],
  );
  await repo.closeAccounts(
    trx,
    accounts.map((a) => a.id),
    now,
  );
  await repo.anonymiseGuardians(
    trx,
    leaving.map((g) => g.id),
    now,
  );
  await repo.clearRequestTexts(trx, playerId, now);

  await recordAudit(
    trx,
    actor,
    'erase',
    'player',
    playerId,
    `request ${requestId}: player ${playerId} erased; ${evaluations} evaluations kept without comments; deleted ${deleted.notes} notes, ${deleted.achievements} achievements, ${deleted.reports} reports, ${files} files, ${mails} mails; ${deleted.links} guardian links removed, ${leaving.length} guardians anonymised, ${accounts.length} sign-ins closed`,
  );
}
