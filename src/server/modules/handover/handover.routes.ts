import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  claimAnswerSchema,
  claimLinkSendSchema,
  claimSchema,
  handoverStatusSchema,
  ownConsentSchema,
  ownFamilySchema,
  ownGuardianChoiceSchema,
} from '../../../shared/schemas/handover.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeClaimLink, authorizeOwnChoice } from '../../policies/handover.js';
import { actorReachingPlayer } from '../../policies/players.js';
import { errors, read, readErrors, writeErrors, written } from '../../lib/reply.js';
import { installHandoverJob } from './handover.job.js';
import * as own from './own-family.service.js';
import * as service from './handover.service.js';

const tags = ['handover'];
const linkParams = idParams.extend({ linkId: idParams.shape.id });

/** Age and hand-over (docs/product.md#families): staff send the claim link, the player claims and decides. */
export async function handoverRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' };
  installHandoverJob(app);

  r.get('/api/player/:id/handover', {
    config: { access: access.need('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(handoverStatusSchema), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read(await service.handoverStatus(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/handover/claim-link', {
    config: { access: access.need('players', 2), rateLimit },
    schema: {
      tags,
      params: idParams,
      body: claimLinkSendSchema,
      response: { 200: writeEnvelope(handoverStatusSchema), ...writeErrors, ...errors(429) },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeClaimLink(app.db, actor, req.params.id);
      return written(await service.sendClaimLink(app.db, app.mailer, app.config.PUBLIC_URL, actor, req.params.id, req.body.email));
    },
  });

  r.post('/api/handover/claim', {
    config: { access: access.public, rateLimit },
    schema: { tags, body: claimSchema, response: { 200: writeEnvelope(claimAnswerSchema), ...errors(400, 409, 429) } },
    handler: async (req) => written(await service.claimAccount(app.db, req.body.token, req.body.password)),
  });

  r.get('/api/player/:id/family', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(ownFamilySchema), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read(await own.ownFamily(app.db, req.params.id));
    },
  });

  r.post('/api/player/:id/family/guardian/:linkId', {
    config: { access: access.selfOr('players', 2) },
    schema: { tags, params: linkParams, body: ownGuardianChoiceSchema, response: { 200: writeEnvelope(ownFamilySchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeOwnChoice(app.db, actor, req.params.id);
      return written(await own.chooseForGuardian(app.db, actor, req.params.id, req.params.linkId, req.body));
    },
  });

  r.post('/api/player/:id/family/consent', {
    config: { access: access.selfOr('players', 2) },
    schema: { tags, params: idParams, body: ownConsentSchema, response: { 200: writeEnvelope(ownFamilySchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeOwnChoice(app.db, actor, req.params.id);
      return written(await own.chooseConsent(app.db, actor, req.params.id, req.body.purpose, req.body.granted));
    },
  });
}
