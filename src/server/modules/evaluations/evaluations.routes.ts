import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, okEnvelope, writeEnvelope, braceTolerantId } from '../../../shared/schemas/common.js';
import {
  evaluationListQuerySchema,
  evaluationSaveSchema,
  evaluationSchema,
  parseScore,
  playerEvaluationsSchema,
} from '../../../shared/schemas/evaluation.js';
import { scorePercentage } from '../../../shared/scoring.js';
import { access, requireActor } from '../../policies/access.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { nowIso, todayDate } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { reachablePlayer } from '../../policies/players.js';
import { playerTotal } from '../scores/scores.repository.js';
import { bulkRoutes } from './import.routes.js';
import { checkDate, evaluatorName, transact, typedEvaluatorName } from './evaluations.helpers.js';
import * as repo from './evaluations.repository.js';
import { syncRoutes } from './sync.routes.js';
import { teamRoutes } from './team.routes.js';

const tags = ['evaluations'];

const idParams = z.object({ id: braceTolerantId });
const evaluationParams = z.object({ id: braceTolerantId, evalId: idParam });
const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export async function evaluationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/evaluation', {
    config: { access: access.selfOr('evaluation', 1) },
    schema: {
      tags,
      params: idParams,
      querystring: evaluationListQuerySchema,
      response: { 200: okEnvelope(playerEvaluationsSchema), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await reachablePlayer(app.db, actor, id);
      const player = (await repo.findPlayer(app.db, id))!;
      const withHistory = req.query.history === '1' || req.query.history === 'true';
      const [evaluations, totalScore, historyCount] = await Promise.all([
        repo.listEvaluations(app.db, id, true),
        playerTotal(app.db, id),
        repo.historyCount(app.db, id),
      ]);
      return read({
        player,
        totalScore,
        evaluations,
        historyCount,
        ...(withHistory ? { history: await repo.listEvaluations(app.db, id, false) } : {}),
      });
    },
  });

  r.get('/api/player/:id/evaluation/history', {
    config: { access: access.selfOr('evaluation', 1) },
    schema: {
      tags,
      params: idParams,
      response: { 200: okEnvelope(z.array(evaluationSchema)), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await reachablePlayer(app.db, actor, id);
      return read(await repo.listEvaluations(app.db, id, false));
    },
  });

  r.post('/api/player/:id/evaluation', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, params: idParams, body: evaluationSaveSchema, response: { 200: writeEnvelope(evaluationSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id: playerId } = req.params;
      const b = req.body;
      await reachablePlayer(app.db, actor, playerId);
      const criterion = await repo.findScoringCriterion(app.db, b.criteria_id);
      if (!criterion) throw badRequest('Please choose an existing criterion.', 'criteria_id');
      const parsed = parseScore(criterion.kind, b.score);
      if ('error' in parsed) throw badRequest(parsed.error, 'score');
      const date = b.date ?? todayDate();
      checkDate(date);
      const name = await evaluatorName(app, actor, b);
      const now = nowIso();
      const evalId = await transact(() =>
        app.db.transaction().execute(async (trx) => {
          const evalId = await repo.insertEvaluation(trx, {
            player_id: playerId,
            criterion_id: criterion.id,
            score: parsed.score,
            score_percentage: scorePercentage(criterion.kind, parsed.score, criterion.weight),
            evaluator_user_id: actor.id,
            evaluator_name: name,
            date,
            notes: b.notes,
            video_links: JSON.stringify(b.video_links),
            created_at: now,
            updated_at: now,
          });
          await repo.recomputeCurrent(trx, { criterionId: criterion.id, playerIds: [playerId] });
          await recordAudit(trx, actor, 'create', 'evaluation', evalId, `player ${playerId}: ${criterion.name} ${parsed.score}`);
          return evalId;
        }),
      );
      return written((await repo.findEvaluation(app.db, evalId))!);
    },
  });

  r.post('/api/player/:id/evaluation/:evalId', {
    config: { access: access.need('evaluation', 2) },
    schema: {
      tags,
      params: evaluationParams,
      body: evaluationSaveSchema,
      response: { 200: writeEnvelope(evaluationSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id: playerId, evalId } = req.params;
      const b = req.body;
      await reachablePlayer(app.db, actor, playerId);
      const before = await repo.findEvaluation(app.db, evalId);
      if (!before || before.player_id !== playerId) throw notFound();
      const criterion = await repo.findScoringCriterion(app.db, b.criteria_id);
      if (!criterion) throw badRequest('Please choose an existing criterion.', 'criteria_id');
      const parsed = parseScore(criterion.kind, b.score);
      if ('error' in parsed) throw badRequest(parsed.error, 'score');
      const date = b.date ?? before.date;
      checkDate(date);
      const typed = typedEvaluatorName(b);
      await transact(() =>
        app.db.transaction().execute(async (trx) => {
          await repo.updateEvaluation(trx, evalId, {
            criterion_id: criterion.id,
            score: parsed.score,
            score_percentage: scorePercentage(criterion.kind, parsed.score, criterion.weight),
            evaluator_name: typed || before.evaluator_name,
            date,
            notes: b.notes,
            video_links: JSON.stringify(b.video_links),
            updated_at: nowIso(),
          });
          // A changed date or criterion can change which evaluation is the latest of each pair.
          for (const criterionId of new Set([before.criteria_id, criterion.id])) {
            await repo.recomputeCurrent(trx, { criterionId, playerIds: [playerId] });
          }
          await recordAudit(
            trx,
            actor,
            'update',
            'evaluation',
            evalId,
            `player ${playerId}: ${criterion.name} ${before.score} → ${parsed.score}`,
          );
        }),
      );
      return written((await repo.findEvaluation(app.db, evalId))!);
    },
  });

  r.post('/api/player/:id/evaluation/:evalId/delete', {
    config: { access: access.need('evaluation', 2) },
    schema: { tags, params: evaluationParams, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id: playerId, evalId } = req.params;
      await reachablePlayer(app.db, actor, playerId);
      const before = await repo.findEvaluation(app.db, evalId);
      if (!before || before.player_id !== playerId) throw notFound();
      await transact(() =>
        app.db.transaction().execute(async (trx) => {
          await repo.deleteEvaluation(trx, evalId);
          // Deleting the current evaluation promotes the latest remaining one of the pair (ADR 0005).
          await repo.recomputeCurrent(trx, { criterionId: before.criteria_id, playerIds: [playerId] });
          await recordAudit(
            trx,
            actor,
            'delete',
            'evaluation',
            evalId,
            `player ${playerId}: ${before.criteria} ${before.scoreLabel} (${before.date})`,
          );
        }),
      );
      return written({ id: evalId });
    },
  });

  await bulkRoutes(app);
  await teamRoutes(app);
  await syncRoutes(app);
}
