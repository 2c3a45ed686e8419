import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { errorBody, writeEnvelope, braceTolerantId } from '../../../shared/schemas/common.js';
import { bulkEvaluationResultSchema } from '../../../shared/schemas/evaluation.js';
import { access, requireActor } from '../../policies/access.js';
import { reachableTeamIds } from '../../policies/teams.js';
import { UNSTORABLE_TEXT } from '../../db/errors.js';
import { readCsvForm } from '../../lib/csv-form.js';
import { unstorableField } from '../../lib/input-guard.js';
import { badRequest } from '../../lib/errors.js';
import { written } from '../../lib/reply.js';
import { nowIso, todayDate } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { reachablePlayer } from '../../policies/players.js';
import { checkRows, errorMessage, readCsv, supersede, type PlayerCandidate } from './import.csv.js';
import * as repo from './evaluations.repository.js';
import { evaluatorName, transact } from './evaluations.helpers.js';

const tags = ['evaluations'];
const bulkErrorBody = errorBody.extend({ errors: z.array(z.string()).optional() });
const responses = {
  200: writeEnvelope(bulkEvaluationResultSchema),
  400: bulkErrorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
};

/** The bulk form with its bulkFile (.csv only, docs/product.md#validation) and text fields that can be stored. */
async function readUpload(req: FastifyRequest): Promise<{ content: Buffer; fields: Record<string, string> }> {
  const { fields, file } = await readCsvForm(req);
  const unstorable = unstorableField(fields);
  if (unstorable !== null) throw badRequest(UNSTORABLE_TEXT, unstorable);
  if (!file) throw badRequest(MSG.required, 'bulkFile');
  return { content: file, fields };
}

/**
 * Checks every row, then writes all of them in one transaction: the imported players' current rows
 * are read once, the supersede rule is decided in memory, the superseded rows are cleared and the
 * new rows inserted with their flags in chunked multi-row INSERTs — no per-row queries.
 */
async function importRows(
  app: FastifyInstance,
  reply: FastifyReply,
  actor: Actor,
  content: Buffer,
  options: { onlyPlayer?: PlayerCandidate; evaluator?: string },
) {
  const rows = readCsv(content);
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()).filter(Boolean))];
  const teamIds = await reachableTeamIds(app.db, actor);
  const [criteria, players, reachable] = await Promise.all([
    repo.allScoringCriteria(app.db),
    repo.playersByEmails(app.db, emails),
    teamIds === null ? null : repo.playerIdsOnTeams(app.db, teamIds),
  ]);
  const evaluator = options.evaluator?.trim() || (await evaluatorName(app, actor, {}));
  const { values, errors } = checkRows(rows, {
    criteria,
    players,
    reachable,
    ...(options.onlyPlayer ? { onlyPlayer: options.onlyPlayer } : {}),
    evaluatorUserId: actor.id,
    evaluatorName: evaluator.slice(0, 120),
    date: todayDate(),
    now: nowIso(),
  });
  if (errors.length) return reply.status(400).send({ message: errorMessage(errors), field: 'bulkFile', errors });

  const playerCount = new Set(values.map((v) => v.player_id)).size;
  await transact(() =>
    app.db.transaction().execute(async (trx) => {
      const { rows, superseded } = supersede(await repo.currentOfPlayers(trx, [...new Set(values.map((v) => v.player_id))]), values);
      // Before the insert: the unique index allows one current row per pair at every moment.
      await repo.clearCurrent(trx, superseded);
      await repo.insertEvaluations(trx, rows);
      const target = options.onlyPlayer ? options.onlyPlayer.id : null;
      await recordAudit(trx, actor, 'bulk_upload', 'evaluation', target, `${values.length} evaluations for ${playerCount} player(s)`);
    }),
  );
  return written({ rows: values.length, players: playerCount });
}

export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/players/evaluation/bulk', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, consumes: ['multipart/form-data'], response: responses },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const { content, fields } = await readUpload(req);
      return importRows(app, reply, actor, content, { evaluator: fields.evaluator ?? '' });
    },
  });

  r.post('/api/player/:id/evaluation/bulk', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, consumes: ['multipart/form-data'], params: z.object({ id: braceTolerantId }), response: responses },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await reachablePlayer(app.db, actor, id);
      const player = (await repo.findPlayerForMatching(app.db, id))!;
      const { content, fields } = await readUpload(req);
      return importRows(app, reply, actor, content, { onlyPlayer: player, evaluator: fields.evaluator ?? '' });
    },
  });
}
