import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  familySelfAssessmentsSchema,
  selfAssessmentListSchema,
  selfAssessmentSaveSchema,
  selfAssessmentSchema,
} from '../../../shared/schemas/self-assessment.js';
import { access } from '../../policies/access.js';
import { authorizeChild, requireGuardian } from '../../policies/family.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { authorizeSelfWrite, familySelfAssessmentScope } from '../../policies/self-assessment.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as service from './self-assessment.service.js';

const tags = ['self-assessment'];
const cycleParams = idParams.extend({ cycleId: idParams.shape.id });

/** Self-assessment (docs/product.md#self-assessment): the player's own scores of a cycle, and beside the coach's once approved. */
export async function selfAssessmentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/self-assessments', {
    config: { access: access.selfOr('reports', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(selfAssessmentListSchema), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read({ cycles: await service.listSelfAssessments(app.db, req.params.id) });
    },
  });

  r.get('/api/player/:id/self-assessment/:cycleId', {
    config: { access: access.selfOr('reports', 1) },
    schema: { tags, params: cycleParams, response: { 200: okEnvelope(selfAssessmentSchema), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read(await service.getSelfAssessment(app.db, req.params.id, req.params.cycleId));
    },
  });

  // The player only: staff pass the route's rule to be told so (403 with the reason).
  r.post('/api/player/:id/self-assessment/:cycleId', {
    config: { access: access.selfOr('reports', 1) },
    schema: {
      tags,
      params: cycleParams,
      body: selfAssessmentSaveSchema,
      response: { 200: writeEnvelope(selfAssessmentSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      authorizeSelfWrite(actor);
      return written(await service.saveSelfAssessment(app.db, req.params.id, req.params.cycleId, req.body));
    },
  });

  r.get('/api/family/player/:id/self-assessments', {
    config: { access: access.family },
    schema: { tags, params: idParams, response: { 200: okEnvelope(familySelfAssessmentsSchema), ...readErrors } },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeChild(app.db, guardian, req.params.id);
      const scope = await familySelfAssessmentScope(app.db, guardian.id, link.player_id);
      return read(
        scope === 'visible'
          ? { comparisons: await service.familyComparisons(app.db, link.player_id), hidden: null }
          : { comparisons: [], hidden: 'noConsent' as const },
      );
    },
  });
}
