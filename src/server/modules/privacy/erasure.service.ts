import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { columnsWith, ERASED_MARK, PERSONAL_DATA, type ClearTo } from '../../db/personal-data.js';
import type { DB } from '../../db/types.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './erasure.repository.js';
import { auditAbout, ownedIds } from './export.repository.js';

/**
 * Erasing a player (docs/product.md#privacy, ADR 0022), inside the approving decision's transaction:
 * the player row stays, anonymous, so evaluations, team figures, boards and session results keep
 * their numbers; everything that names or describes the person goes. What goes, and how, is the
 * personal-data inventory (db/personal-data.ts); this walks it.
 */
export { ERASED_MARK };

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

/** What an erasure removed, by table (rows deleted or cleared), and the addresses whose counters still go after the commit. */
export interface Erased {
  counts: Record<string, number>;
  erasedAddresses: string[];
}

export async function erasePlayer(trx: Kysely<DB>, actor: Actor, playerId: number, requestId: number): Promise<Erased> {
  const player = await repo.playerToErase(trx, playerId);
  const accounts = await repo.accountsOf(trx, playerId);
  const guardians = await repo.guardiansOf(trx, playerId);
  const leaving = guardians.filter((g) => !g.has_other_child);
  const owned = await ownedIds(trx, playerId);

  // What names the person anywhere: used on every row, in any table, that the erasure keeps.
  const fullNames = clean([
    `${player.first_name} ${player.last_name}`,
    `${player.last_name} ${player.first_name}`,
    `${player.last_name}, ${player.first_name}`,
    ...accounts.map((a) => `${a.first_name} ${a.last_name}`),
    // A guardian's name only when it is a full name: a lone word ("Mum") would hit other people.
    ...leaving.map((g) => g.name).filter((name) => /\S\s+\S/.test(name)),
  ]);
  const erasedAddresses = clean([player.player_email, ...accounts.map((a) => a.email), ...leaving.map((g) => g.email)]).map((e) =>
    e.toLowerCase(),
  );
  const strong = [...fullNames, ...erasedAddresses];
  // Rows about the player themself may also name them by first or last name alone.
  const parts = clean([player.first_name, player.last_name]);

  const targets: repo.Targets = {
    playerId,
    leavingGuardians: leaving.map((g) => g.id),
    erasedAddresses,
    found: {
      files: await repo.fileIdsOf(
        trx,
        player.pdf_file_id === null ? [] : [player.pdf_file_id],
        player.profile_img ? [player.profile_img] : [],
      ),
      previews: await repo.videoLinksOf(trx, playerId),
      unusedImports: (await repo.unusedImports(trx))
        .filter((i) => naming(`${i.file_name}\n${i.cells}\n${i.plan ?? ''}`, player, erasedAddresses))
        .map((i) => i.id),
      importEffects: await repo.importEffectsOn(trx, {
        player: playerId,
        users: accounts.map((a) => a.id),
        guardians: leaving.map((g) => g.id),
        evaluations: await repo.evaluationIdsOf(trx, playerId),
      }),
    },
  };

  await scrubTexts(trx, { strong, parts, owned, playerId, staying: guardians.filter((g) => g.has_other_child).map((g) => g.email) });
  await repo.renameAuditActor(
    trx,
    accounts.map((a) => a.id),
    'Erased user',
  );

  // The inventory's rows, table by table in its order: deleted or cleared.
  const counts: Record<string, number> = {};
  for (const [table, rule] of Object.entries(PERSONAL_DATA)) {
    if (!rule.rows) continue;
    const where = repo.rowsWhere(rule.rows, targets);
    if (!where) continue;
    const columns = Object.entries(rule.columns);
    if (columns.some(([, c]) => c !== 'not personal' && c.erasure === 'delete row')) {
      counts[table] = await repo.deleteRows(trx, table, where);
      continue;
    }
    const values: Record<string, ClearTo> = { ...rule.alsoSet };
    for (const [column, c] of columns) if (c !== 'not personal' && c.erasure === 'clear') values[column] = c.to;
    if (Object.keys(values).length) counts[table] = await repo.clearRows(trx, table, where, values);
  }

  const n = (table: string) => counts[table] ?? 0;
  await recordAudit(
    trx,
    actor,
    'erase',
    'player',
    playerId,
    `request ${requestId}: player ${playerId} erased; ${n('evaluations')} evaluations kept without comments; deleted ${n('notes')} notes, ${n('player_achievements')} achievements, ${n('reports')} reports, ${n('files')} files, ${n('mail_outbox')} mails, ${n('player_claim_tokens')} claim links, ${n('imports')} unused imports; ${n('guardian_links')} guardian links removed, ${n('offer_deliveries')} offer links ended, ${leaving.length} guardians anonymised, ${accounts.length} sign-ins closed`,
  );
  return { counts, erasedAddresses };
}

/** An upload holds the player when it has an erased address, or their first and last name. */
function naming(text: string, p: { first_name: string; last_name: string }, addresses: readonly string[]): boolean {
  const lower = text.toLowerCase();
  if (addresses.some((a) => lower.includes(a))) return true;
  return lower.includes(p.first_name.toLowerCase()) && lower.includes(p.last_name.toLowerCase());
}

/**
 * Every `scrub` column of the inventory, in every row: full names and erased addresses become the
 * mark. Rows about the player (their audit entries, their draft events, mail to a guardian who stays
 * with a sibling, any text naming them in full) also lose the first or last name alone, which
 * elsewhere would hit other people.
 */
async function scrubTexts(
  trx: Kysely<DB>,
  s: { strong: string[]; parts: string[]; owned: Record<string, number[]>; playerId: number; staying: string[] },
): Promise<void> {
  const all = [...s.strong, ...s.parts];
  const byTable = new Map<string, string[]>();
  for (const [table, column] of columnsWith('scrub')) byTable.set(table, [...(byTable.get(table) ?? []), column]);

  const write = async (table: string, row: { id: number; text: Record<string, string | null> }, terms: string[]) => {
    const changed: Record<string, string | null> = {};
    for (const [column, value] of Object.entries(row.text)) {
      if (value === null) continue;
      const next = scrub(value, terms);
      if (next !== value) changed[column] = next;
    }
    await repo.updateTexts(trx, table, row.id, changed);
  };

  for (const row of await auditAbout(trx, s.owned))
    await write('audit_log', { id: row.id, text: { summary: row.summary, user_name: row.user_name } }, all);
  const staying = new Set(s.staying.map((e) => e.toLowerCase()));
  for (const [table, columns] of byTable) {
    const about = PERSONAL_DATA[table]!.about;
    const mine = about ? repo.rowsWhere(about, { playerId: s.playerId } as repo.Targets) : null;
    if (mine) for (const row of await repo.rowsContaining(trx, table, columns, all, { only: mine })) await write(table, row, all);
    // Mail keeps its recipient beside the texts: one to a guardian who stays is about the family.
    const extra = table === 'mail_outbox' ? ['to_address'] : [];
    for (const { id, text } of await repo.rowsContaining(trx, table, columns, all, { extra })) {
      const { to_address: to, ...texts } = text;
      // A text that names the player in full is about them: a first name alone in it is theirs too.
      const naming = Object.values(texts).some((v) => v !== null && scrub(v, s.strong) !== v);
      await write(table, { id, text: texts }, naming || staying.has((to ?? '').toLowerCase()) ? all : s.strong);
    }
  }
}
