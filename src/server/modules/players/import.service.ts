import type { Kysely } from 'kysely';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { MAX_ID } from '../../../shared/schemas/common.js';
import type { DB } from '../../db/types.js';
import { assertImportTeamGiven, mayLearnTakenEmails, maySignIn, ownLoginCheck, playerMessages } from '../../policies/players.js';
import { reachableTeam, reachableTeamIds } from '../../policies/teams.js';
import { isCsvUpload } from '../../lib/csv-text.js';
import { badRequest } from '../../lib/errors.js';
import type { Upload } from '../../lib/upload.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as accounts from './accounts.repository.js';
import { accountMessages, type WelcomeQueue } from './accounts.service.js';
import { bulkMessage, parsePlayersCsv, type BulkRow } from './import.csv.js';
import * as bulk from './import.repository.js';
import { playerSaveMessages } from './players.service.js';
import { guardianRuleMessages, linkParentEmails, playerEmailsOfGuardians } from '../guardians/links.service.js';

/**
 * Problems that need the database: duplicates of players the caller reaches and, for a caller who may
 * see accounts, taken sign-in e-mails. Nothing outside the caller's reach changes a message: the file
 * is refused whole, so any such message would be a free oracle (docs/product.md#players).
 */
async function crossCheck(
  db: Kysely<DB>,
  actor: Actor,
  rows: readonly BulkRow[],
  taken: ReadonlySet<string>,
): Promise<Map<number, string[]>> {
  const problems = new Map<number, string[]>();
  const add = (line: number, message: string) => problems.set(line, [...(problems.get(line) ?? []), message]);
  const existing = await bulk.existingPlayerKeys(
    db,
    rows.map((r) => r.email),
    await reachableTeamIds(db, actor),
  );
  const guardians = await playerEmailsOfGuardians(db, rows);
  const tooYoung = await ownLoginCheck(db);
  const seenPlayer = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  for (const row of rows) {
    const key = bulk.playerKey(row);
    if (existing.has(key)) add(row.line, playerSaveMessages.duplicate);
    const earlier = seenPlayer.get(key);
    if (earlier !== undefined) add(row.line, `the same player as row ${earlier}`);
    else seenPlayer.set(key, row.line);
    if (row.player_email) {
      if (!maySignIn(actor)) add(row.line, `PlayerEmail: ${playerMessages.managersCreateSignIns}`);
      else if (taken.has(row.player_email) && mayLearnTakenEmails(actor)) add(row.line, `PlayerEmail: ${accountMessages.emailTaken}`);
      else if (guardians.has(row.player_email.toLowerCase())) add(row.line, `PlayerEmail: ${guardianRuleMessages.playerEmailIsGuardian}`);
      const young = tooYoung(row.dob);
      if (young) add(row.line, `PlayerEmail: ${young}`);
      const first = seenEmail.get(row.player_email);
      if (first !== undefined) add(row.line, `PlayerEmail: the same player email as row ${first}`);
      else seenEmail.set(row.player_email, row.line);
    }
  }
  return problems;
}

/** The form's team_id: none (only for users reaching every team) or an existing team the caller reaches. */
async function importTeam(db: Kysely<DB>, actor: Actor, raw: string) {
  assertImportTeamGiven(actor, raw !== '');
  if (raw === '') return null;
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw badRequest(playerSaveMessages.unknownTeam, 'team_id');
  return reachableTeam(db, actor, Number(raw));
}

/**
 * POST /api/players/bulk: all or nothing, in one transaction, every bad row reported as 'row N: …'
 * (docs/product.md#errors). Welcome mails go out after the answer.
 */
export async function importPlayers(db: Kysely<DB>, welcomes: WelcomeQueue, actor: Actor, upload: Upload) {
  const team = await importTeam(db, actor, upload.fields.get('team_id')?.[0]?.trim() ?? '');
  if (!upload.file) throw badRequest(MSG.required, 'bulkFile');
  if (!isCsvUpload(upload.file.name, upload.file.mime)) throw badRequest(MSG.csvOnly, 'bulkFile');

  const { rows, errors } = parsePlayersCsv(upload.file.data);
  const taken = await accounts.takenEmails(
    db,
    rows.flatMap((r) => (r.player_email ? [r.player_email] : [])),
  );
  const problems = await crossCheck(db, actor, rows, taken);
  const report = [
    ...errors.map((e) => ({ line: Number(/^row (\d+)/.exec(e)?.[1]), text: e })),
    ...[...problems].map(([line, list]) => ({ line, text: `row ${line}: ${list.join('; ')}` })),
  ];
  if (report.length) throw badRequest(bulkMessage(report.sort((a, b) => a.line - b.line).map((e) => e.text)), 'bulkFile');

  await db.transaction().execute(async (trx) => {
    // Ids are read back for what links to the new players: guardians, memberships and sign-in accounts.
    const ids = await bulk.insertPlayersReturningIds(trx, rows);
    await linkParentEmails(
      trx,
      rows.map((row, i) => ({ id: ids[i]!, email: row.email })),
    );
    if (team) await bulk.insertMemberships(trx, team.id, ids);
    const list = rows.flatMap((row, i) =>
      row.player_email && !taken.has(row.player_email)
        ? [{ first_name: row.first_name, last_name: row.last_name, email: row.player_email, player_id: ids[i]! }]
        : [],
    );
    if (list.length) await accounts.insertAccounts(trx, await accounts.playerRoleId(trx), list);
    await recordAudit(
      trx,
      actor,
      'bulk_upload',
      'player',
      null,
      `${rows.length} players${team ? ` into ${team.name}` : ''}, ${list.length} sign-in accounts`,
    );
  });
  // A taken address (only left here for a caller who may not see accounts) is told instead of welcomed.
  const signIns = rows.filter((row) => row.player_email);
  welcomes.enqueue(signIns.map((row) => ({ to: row.player_email!, firstName: row.first_name, taken: taken.has(row.player_email!) })));
  return { created: rows.length, accounts: signIns.length };
}
