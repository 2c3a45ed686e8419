import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/eval-session.js';
import { sessionFairSchema } from '../../../shared/schemas/session-fair.js';
import { calibrationPlayersSaveSchema, calibrationSchema, calibrationScoresSaveSchema } from '../../../shared/schemas/calibration.js';
import { access, requireActor } from '../../policies/access.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import {
  authorizePublishing,
  authorizeSession,
  evaluatorEmailsVisible,
  listScope,
  manageableSessions,
} from '../../policies/eval-sessions.js';
import * as calibration from './calibration.service.js';
import * as service from './eval-sessions.service.js';
import { fairAnalysis, resultsCsv } from './fair.service.js';

const tags = ['evaluation sessions'];
const params = z.object({ id: idParam });
const playerParams = z.object({ id: idParam, playerId: idParam });
const evaluatorParams = z.object({ id: idParam, evaluatorId: idParam });
const manage = access.need('sessions', 2);
const view = access.need('sessions', 1);

/** Evaluation sessions for staff: those who run them (sessions 2) and their evaluators (sessions 1). */
export async function evalSessionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get('/api/eval-sessions', {
    config: { access: view },
    schema: { tags, response: { 200: okEnvelope(z.array(schemas.sessionSchema)), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      return read(await service.listSessions(db, actor, await listScope(db, actor)));
    },
  });

  r.post('/api/eval-sessions', {
    config: { access: manage },
    schema: { tags, body: schemas.sessionSaveSchema, response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const id = await service.createSession(db, actor, req.body);
      return written(await service.sessionDetail(db, actor, id));
    },
  });

  r.get('/api/eval-sessions/evaluator-options', {
    config: { access: manage },
    schema: { tags, response: { 200: okEnvelope(z.array(schemas.evaluatorOptionSchema)), ...readErrors } },
    handler: async (req) => read(await service.evaluatorOptions(db, evaluatorEmailsVisible(requireActor(req)))),
  });

  r.get('/api/eval-session/:id', {
    config: { access: view },
    schema: { tags, params, response: { 200: okEnvelope(schemas.sessionDetailSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeSession(db, actor, req.params.id, 'view');
      return read(await service.sessionDetail(db, actor, req.params.id));
    },
  });

  r.post('/api/eval-session/:id', {
    config: { access: manage },
    schema: {
      tags,
      params,
      body: schemas.sessionSaveSchema,
      response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.updateSession(db, actor, session, req.body);
      return written(await service.sessionDetail(db, actor, session.id));
    },
  });

  r.post('/api/eval-session/:id/delete', {
    config: { access: manage },
    schema: { tags, params, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.deleteSession(db, actor, session);
      return written({ id: session.id });
    },
  });

  r.post('/api/eval-session/:id/players', {
    config: { access: manage },
    schema: {
      tags,
      params,
      body: schemas.sessionPlayersAddSchema,
      response: { 200: writeEnvelope(z.object({ added: z.number() })), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      return written({ added: await service.addPlayers(db, actor, session, req.body) });
    },
  });

  r.post('/api/eval-session/:id/walk-up', {
    config: { access: manage },
    schema: {
      tags,
      params,
      body: schemas.walkUpSchema,
      response: { 200: writeEnvelope(z.object({ playerId: z.number() })), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      return written({ playerId: await service.addWalkUp(db, actor, session, req.body) });
    },
  });

  r.post('/api/eval-session/:id/player/:playerId/check-in', {
    config: { access: manage },
    schema: {
      tags,
      params: playerParams,
      body: schemas.checkInSchema,
      response: { 200: writeEnvelope(z.object({ playerId: z.number() })), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.checkIn(db, session, req.params.playerId, req.body);
      return written({ playerId: req.params.playerId });
    },
  });

  r.post('/api/eval-session/:id/player/:playerId/delete', {
    config: { access: manage },
    schema: { tags, params: playerParams, response: { 200: writeEnvelope(z.object({ playerId: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.removePlayer(db, actor, session, req.params.playerId);
      return written({ playerId: req.params.playerId });
    },
  });

  r.post('/api/eval-session/:id/evaluators', {
    config: { access: manage },
    schema: {
      tags,
      params,
      body: schemas.evaluatorAddSchema,
      response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.addEvaluator(db, actor, session, req.body.userId);
      return written(await service.sessionDetail(db, actor, session.id));
    },
  });

  r.post('/api/eval-session/:id/evaluator/:evaluatorId/delete', {
    config: { access: manage },
    schema: { tags, params: evaluatorParams, response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.removeEvaluator(db, actor, session, req.params.evaluatorId);
      return written(await service.sessionDetail(db, actor, session.id));
    },
  });

  r.post('/api/eval-session/:id/evaluator/:evaluatorId/admit', {
    config: { access: manage },
    schema: {
      tags,
      params: evaluatorParams,
      description: 'Let a waiting guest in.',
      response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.admitGuest(db, actor, session, req.params.evaluatorId);
      return written(await service.sessionDetail(db, actor, session.id));
    },
  });

  r.post('/api/eval-session/:id/evaluator/:evaluatorId/exclude', {
    config: { access: manage },
    schema: {
      tags,
      params: evaluatorParams,
      body: schemas.evaluatorExcludeSchema,
      description: "Leave an evaluator's scores out of the results (or count them again) before publishing; audited.",
      response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      await service.excludeEvaluator(db, actor, session, req.params.evaluatorId, req.body.excluded);
      return written(await service.sessionDetail(db, actor, session.id));
    },
  });

  const transitions = { open: service.openSession, close: service.closeSession, unlock: service.unlockResults } as const;
  for (const [name, move] of Object.entries(transitions)) {
    r.post(`/api/eval-session/:id/${name}`, {
      config: { access: manage },
      schema: { tags, params, response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors } },
      handler: async (req) => {
        const actor = requireActor(req);
        const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
        await move(db, actor, session);
        return written(await service.sessionDetail(db, actor, session.id));
      },
    });
  }

  r.post('/api/eval-session/:id/publish', {
    config: { access: manage },
    schema: { tags, params, response: { 200: writeEnvelope(schemas.publishResultSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizeSession(db, actor, req.params.id, 'manage');
      return written(await service.publish(db, actor, session));
    },
  });

  r.post('/api/eval-session/:id/publish-basis', {
    config: { access: manage },
    schema: {
      tags,
      params,
      body: schemas.publishBasisSaveSchema,
      description: 'What publishing writes: the raw means (default) or the fair scores; audited. Errors: 409 once published.',
      response: { 200: writeEnvelope(schemas.sessionDetailSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session } = await authorizePublishing(db, actor, req.params.id);
      await service.setPublishBasis(db, actor, session, req.body.basis);
      return written(await service.sessionDetail(db, actor, session.id));
    },
  });

  r.get('/api/eval-session/:id/progress', {
    config: { access: manage },
    schema: { tags, params, response: { 200: okEnvelope(schemas.sessionProgressSchema), ...readErrors } },
    handler: async (req) => {
      const { session } = await authorizeSession(db, requireActor(req), req.params.id, 'manage');
      return read(await service.progress(db, session));
    },
  });

  r.get('/api/eval-session/:id/results', {
    config: { access: manage },
    schema: { tags, params, response: { 200: okEnvelope(schemas.sessionResultsSchema), ...writeErrors } },
    handler: async (req) => {
      const { session } = await authorizeSession(db, requireActor(req), req.params.id, 'results');
      return read(await service.results(db, session));
    },
  });

  r.get('/api/eval-session/:id/fair', {
    config: { access: manage },
    schema: {
      tags,
      params,
      description: "Evaluators' severity, fair scores, agreement, intervals and coverage (ADR 0027). Errors: 409 while locked.",
      response: { 200: okEnvelope(sessionFairSchema), ...writeErrors },
    },
    handler: async (req) => {
      const { session } = await authorizeSession(db, requireActor(req), req.params.id, 'results');
      return read(await fairAnalysis(db, session));
    },
  });

  r.get('/api/eval-session/:id/results.csv', {
    config: { access: manage },
    schema: {
      tags,
      params,
      produces: ['text/csv'],
      description:
        'The results as CSV (formula-safe), raw and fair totals, ranks, places moved and intervals; a measured criterion as its mean value (unit in the heading) and points. Errors: 401, 403, 404, 409 while locked.',
    },
    handler: async (req, reply) => {
      const { session } = await authorizeSession(db, requireActor(req), req.params.id, 'results');
      const name = session.name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'session';
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-results.csv"`)
        .send(await resultsCsv(db, session));
    },
  });

  r.get('/api/eval-session/:id/results/:playerId', {
    config: { access: manage },
    schema: { tags, params: playerParams, response: { 200: okEnvelope(schemas.sessionPlayerScoresSchema), ...writeErrors } },
    handler: async (req) => {
      const { session } = await authorizeSession(db, requireActor(req), req.params.id, 'results');
      return read(await service.playerScores(db, session, req.params.playerId));
    },
  });

  r.get('/api/eval-session/:id/calibration', {
    config: { access: view },
    schema: {
      tags,
      params,
      description: "The calibration round: its players, your scores, how far you sit from the panel; everyone's for those who run it.",
      response: { 200: okEnvelope(calibrationSchema), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session, evaluatorId } = await authorizeSession(db, actor, req.params.id, 'view');
      const canManage = (await manageableSessions(db, actor, [session.id])).has(session.id);
      return read(await calibration.calibration(db, session, { evaluatorId, canManage }));
    },
  });

  r.post('/api/eval-session/:id/calibration', {
    config: { access: manage },
    schema: {
      tags,
      params,
      body: calibrationPlayersSaveSchema,
      description: "Choose the calibration round's 3–5 players (none ends it); audited. Errors: 409 once the session has closed.",
      response: { 200: writeEnvelope(calibrationSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { session, evaluatorId } = await authorizeSession(db, actor, req.params.id, 'manage');
      await calibration.setCalibrationPlayers(db, actor, session, req.body.playerIds);
      return written(await calibration.calibration(db, session, { evaluatorId, canManage: true }));
    },
  });

  r.post('/api/eval-session/:id/calibration/scores', {
    config: { access: view },
    schema: {
      tags,
      params,
      body: calibrationScoresSaveSchema,
      description: 'Your own calibration scores; they never count in results. Errors: 409 once the session has closed.',
      response: { 200: okEnvelope(schemas.sessionScoresResultSchema), ...writeErrors },
    },
    handler: async (req) => {
      const { session, evaluatorId } = await authorizeSession(db, requireActor(req), req.params.id, 'calibrate');
      return read(await calibration.saveCalibrationScores(db, session, evaluatorId!, req.body.entries));
    },
  });

  r.get('/api/eval-session/:id/sheet', {
    config: { access: view },
    schema: { tags, params, response: { 200: okEnvelope(schemas.sessionSheetSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { evaluatorId } = await authorizeSession(db, actor, req.params.id, 'score');
      return read(await service.staffSheet(db, req.params.id, evaluatorId!));
    },
  });

  r.post('/api/eval-session/:id/scores', {
    config: { access: view },
    schema: {
      tags,
      params,
      body: schemas.sessionScoresSaveSchema,
      response: { 200: okEnvelope(schemas.sessionScoresResultSchema), ...writeErrors },
    },
    handler: async (req) => {
      const { evaluatorId } = await authorizeSession(db, requireActor(req), req.params.id, 'score');
      return read(await service.saveScores(db, req.params.id, evaluatorId!, req.body.entries));
    },
  });
}
