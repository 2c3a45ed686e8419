import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/offer.js';
import { errors, read, readErrors, writeErrors, written } from '../../lib/reply.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeDraft } from '../../policies/drafts.js';
import * as answers from './answers.service.js';
import { installOffersJob } from './offers.job.js';
import * as offers from './offers.service.js';
import * as templates from './templates.service.js';

const tags = ['offers'];

/** Offers of a finalised draft, their message templates and the public answer link (docs/product.md#offers). */
export async function offersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tokenLimit = { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' };

  r.get('/api/draft/:id/offers', {
    config: { access: access.need('teams', 2) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(schemas.draftOffersSchema), ...readErrors } },
    handler: async (req) => read(await offers.list(app.db, await authorizeDraft(app.db, requireActor(req), req.params.id))),
  });

  r.post('/api/draft/:id/offers/preview', {
    config: { access: access.need('teams', 2) },
    schema: {
      tags,
      params: idParams,
      body: schemas.offerPreviewInputSchema,
      response: { 200: writeEnvelope(schemas.offerPreviewSchema), ...writeErrors },
    },
    handler: async (req) => {
      const draft = await authorizeDraft(app.db, requireActor(req), req.params.id);
      return written(await offers.preview(app.db, draft, req.body));
    },
  });

  r.post('/api/draft/:id/offers', {
    config: { access: access.need('teams', 2) },
    schema: {
      tags,
      params: idParams,
      body: schemas.offerSendInputSchema,
      response: { 200: writeEnvelope(schemas.offerSendResultSchema), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(app.db, actor, req.params.id);
      return written(await offers.send(app.db, app.mailer, app.config.PUBLIC_URL, actor, draft, req.body));
    },
  });

  r.get('/api/message-templates', {
    config: { access: access.need('teams', 2) },
    schema: { tags, response: { 200: okEnvelope(z.array(schemas.templateSchema)), ...readErrors } },
    handler: async () => read(await templates.list(app.db)),
  });

  r.post('/api/message-template/:key', {
    config: { access: access.need('teams', 2) },
    schema: {
      tags,
      params: schemas.templateKeyParams,
      body: schemas.templateUpdateSchema,
      response: { 200: writeEnvelope(schemas.templateSchema), ...writeErrors },
    },
    handler: async (req) => written(await templates.save(app.db, requireActor(req), req.params.key, req.body)),
  });

  // The offer e-mail's one-time link: no session, the token is the credential (only its sha-256 is stored).
  r.post('/api/offer-link', {
    config: { access: access.public, rateLimit: tokenLimit },
    schema: { tags, body: schemas.offerLinkSchema, response: { 200: okEnvelope(schemas.offerLinkViewSchema), ...errors(400, 429) } },
    handler: async (req) => read(await answers.view(app.db, req.body.token)),
  });

  r.post('/api/offer-link/answer', {
    config: { access: access.public, rateLimit: tokenLimit },
    schema: {
      tags,
      body: schemas.offerAnswerSchema,
      response: { 200: writeEnvelope(schemas.offerLinkViewSchema), ...errors(400, 409, 429) },
    },
    handler: async (req) => written(await answers.answer(app.db, app.mailer, app.config.PUBLIC_URL, req.body.token, req.body.answer)),
  });

  installOffersJob(app);
}
