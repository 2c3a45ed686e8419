import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_CSV_BYTES } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { canAddPlayers } from '../../../shared/permissions.js';
import { errorBody, MAX_ID, writeEnvelope } from '../../../shared/schemas/common.js';
import { bulkResultSchema } from '../../../shared/schemas/player.js';
import { access, denied, requireActor } from '../../policies/access.js';
import { reachableTeamIds } from '../../policies/teams.js';
import { isCsvUpload } from '../../lib/csv-text.js';
import { badRequest } from '../../lib/errors.js';
import { written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as accounts from './accounts.repository.js';
import { accountMessages, welcomeQueue } from './accounts.service.js';
import * as bulk from './import.repository.js';
import { bulkMessage, parsePlayersCsv, type BulkRow } from './import.csv.js';
import { reachableTeam } from '../../policies/teams.js';
import { playerMessages } from './players.service.js';
import { readUpload } from '../../lib/upload.js';

/** Problems that need the database: duplicates of existing players and taken sign-in e-mails. */
async function crossCheck(app: FastifyInstance, rows: readonly BulkRow[]): Promise<Map<number, string[]>> {
  const problems = new Map<number, string[]>();
  const add = (line: number, message: string) => problems.set(line, [...(problems.get(line) ?? []), message]);
  const existing = await bulk.existingPlayerKeys(app.db, rows.map((r) => r.email));
  const taken = await accounts.takenEmails(app.db, rows.flatMap((r) => (r.player_email ? [r.player_email] : [])));
  const seenPlayer = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  for (const row of rows) {
    const key = bulk.playerKey(row);
    if (existing.has(key)) add(row.line, playerMessages.duplicate);
    const earlier = seenPlayer.get(key);
    if (earlier !== undefined) add(row.line, `the same player as row ${earlier}`);
    else seenPlayer.set(key, row.line);
    if (row.player_email) {
      if (taken.has(row.player_email)) add(row.line, `PlayerEmail: ${accountMessages.emailTaken}`);
      const first = seenEmail.get(row.player_email);
      if (first !== undefined) add(row.line, `PlayerEmail: the same player email as row ${first}`);
      else seenEmail.set(row.player_email, row.line);
    }
  }
  return problems;
}

/**
 * POST /api/players/bulk (multipart bulkFile, team_id): all or nothing, in one transaction, every bad
 * row reported as 'row N: …'. A team is required for users without teams write permission.
 */
export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const welcomes = welcomeQueue(app);
  r.post('/api/players/bulk', {
    config: { access: access.need('players', 2) },
    schema: {
      tags: ['players'],
      description: 'multipart/form-data: bulkFile (CSV FirstName, LastName, Email, Dob, PlayerEmail), team_id.',
      response: { 200: writeEnvelope(bulkResultSchema), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      if (!canAddPlayers(actor)) throw denied();
      const upload = await readUpload(req, { fileField: 'bulkFile', maxBytes: MAX_CSV_BYTES, tooLarge: 'The file must be 20 MB or smaller.' });
      const rawTeam = upload.fields.get('team_id')?.[0]?.trim() ?? '';
      const scope = await reachableTeamIds(app.db, actor);
      if (rawTeam === '' && scope !== null) throw badRequest(MSG.required, 'team_id');
      if (rawTeam !== '' && (!/^[1-9]\d{0,9}$/.test(rawTeam) || Number(rawTeam) > MAX_ID)) throw badRequest(playerMessages.unknownTeam, 'team_id');
      const team = rawTeam === '' ? null : await reachableTeam(app.db, actor, Number(rawTeam));
      if (!upload.file) throw badRequest(MSG.required, 'bulkFile');
      if (!isCsvUpload(upload.file.name, upload.file.mime)) throw badRequest(MSG.csvOnly, 'bulkFile');

      const { rows, errors } = parsePlayersCsv(upload.file.data);
      const problems = await crossCheck(app, rows);
      const report = [...errors.map((e) => ({ line: Number(/^row (\d+)/.exec(e)?.[1]), text: e })), ...[...problems].map(([line, list]) => ({ line, text: `row ${line}: ${list.join('; ')}` }))];
      if (report.length) throw badRequest(bulkMessage(report.sort((a, b) => a.line - b.line).map((e) => e.text)), 'bulkFile');

      const withAccounts = await app.db.transaction().execute(async (trx) => {
        // Ids are read back only for what links to the new players: memberships and sign-in accounts.
        let ids: number[] = [];
        if (team || rows.some((row) => row.player_email)) ids = await bulk.insertPlayersReturningIds(trx, rows);
        else await bulk.insertPlayers(trx, rows);
        if (team) await bulk.insertMemberships(trx, team.id, ids);
        const list = rows.flatMap((row, i) => (row.player_email ? [{ first_name: row.first_name, last_name: row.last_name, email: row.player_email, player_id: ids[i]! }] : []));
        if (list.length) await accounts.insertAccounts(trx, await accounts.playerRoleId(trx), list);
        await recordAudit(trx, actor, 'bulk_upload', 'player', null, `${rows.length} players${team ? ` into ${team.name}` : ''}, ${list.length} sign-in accounts`);
        return list;
      });
      welcomes.enqueue(withAccounts.map((a) => ({ to: a.email, firstName: a.first_name })));
      return written({ created: rows.length, accounts: withAccounts.length });
    },
  });
}
