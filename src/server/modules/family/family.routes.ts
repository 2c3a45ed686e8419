import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { consentChangeSchema, familyChildViewSchema, familyInboxSchema, familyMeSchema } from '../../../shared/schemas/family.js';
import { familyOfferAnswerSchema } from '../../../shared/schemas/offer.js';
import { FAMILY_LINK_ANSWER, familyLinkRequestSchema, familySessionSchema } from '../../../shared/schemas/guardian.js';
import { access } from '../../policies/access.js';
import { authorizeChild, authorizeChildRecord, authorizeConsent, authorizeOwnLink, requireGuardian } from '../../policies/family.js';
import { authorizeChildOffer } from '../../policies/family-inbox.js';
import { errors, read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as auth from './family-auth.service.js';
import { familyBirthDateAnswerSchema, familyBirthDateSchema } from '../../../shared/schemas/player.js';
import * as birthDate from './birth-date.service.js';
import * as inbox from './inbox.service.js';
import * as portal from './portal.service.js';

const tags = ['family'];

/** The family side (docs/product.md#families): sign-in by one-time link, "My players", consents. */
export async function familyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' };

  r.post('/api/family/sign-in-link', {
    config: { access: access.public, rateLimit },
    schema: { tags, body: familyLinkRequestSchema, response: errors(400, 429) },
    handler: async (req) => {
      // Work happens after the answer: the same answer and timing for any address.
      void auth
        .requestLink(app.db, app.database.limits, app.mailer, app.config.PUBLIC_URL, req.body.email)
        .catch((err: unknown) => req.log.error({ err }, 'family sign-in link failed'));
      return { data: null, message: FAMILY_LINK_ANSWER };
    },
  });

  r.post('/api/family/session', {
    config: { access: access.public, rateLimit },
    schema: { tags, body: familySessionSchema, response: { 200: writeEnvelope(z.object({ csrfToken: z.string() })), ...errors(400, 429) } },
    handler: async (req, reply) => {
      const s = await auth.signInWithLink(app.db, req.body.token, app.config.SESSION_MAX_HOURS);
      auth.setFamilyCookie(app, reply, s.token);
      return written({ csrfToken: s.csrf });
    },
  });

  r.get('/api/family/me', {
    config: { access: access.family },
    schema: { tags, response: { 200: okEnvelope(familyMeSchema), ...readErrors } },
    handler: async (req) => read(await portal.familyMe(app.db, requireGuardian(req))),
  });

  r.post('/api/family/logout', {
    config: { access: access.family },
    schema: { tags, response: { 200: writeEnvelope(z.null()), ...readErrors } },
    handler: async (req, reply) => {
      await auth.signOut(app, reply, requireGuardian(req));
      return written(null);
    },
  });

  r.get('/api/family/player/:id', {
    config: { access: access.family },
    schema: { tags, params: idParams, response: { 200: okEnvelope(familyChildViewSchema), ...readErrors } },
    handler: async (req) => {
      const link = await authorizeChild(app.db, requireGuardian(req), req.params.id);
      return read(await portal.childView(app.db, link));
    },
  });

  r.post('/api/family/player/:id/decline', {
    config: { access: access.family },
    schema: { tags, params: idParams, response: { 200: writeEnvelope(familyMeSchema), ...readErrors } },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeOwnLink(app.db, guardian, req.params.id);
      return written(await portal.declineChild(app.db, guardian, link));
    },
  });

  r.post('/api/family/player/:id/consent', {
    config: { access: access.family },
    schema: { tags, params: idParams, body: consentChangeSchema, response: { 200: writeEnvelope(familyChildViewSchema), ...readErrors } },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeConsent(app.db, guardian, req.params.id);
      return written(await portal.changeConsent(app.db, guardian, link, req.body.purpose, req.body.granted));
    },
  });

  // docs/product.md#relative-age: the child's birth date, by a guardian with parental responsibility.
  r.post('/api/family/player/:id/birth-date', {
    config: { access: access.family },
    schema: {
      tags,
      params: idParams,
      body: familyBirthDateSchema,
      response: { 200: writeEnvelope(familyBirthDateAnswerSchema), ...readErrors },
    },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeChildRecord(app.db, guardian, req.params.id);
      return written(await birthDate.setChildBirthDate(app.db, guardian, link, req.body.birth_date));
    },
  });

  // What a mailed offer or report link would bring, through the family sign-in (no link to copy).
  r.get('/api/family/player/:id/inbox', {
    config: { access: access.family },
    schema: { tags, params: idParams, response: { 200: okEnvelope(familyInboxSchema), ...readErrors } },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeChild(app.db, guardian, req.params.id);
      return read(await inbox.childInbox(app.db, guardian.id, link.player_id));
    },
  });

  r.post('/api/family/player/:id/offer/:offerId/answer', {
    config: { access: access.family },
    schema: {
      tags,
      params: idParams.extend({ offerId: idParams.shape.id }),
      body: familyOfferAnswerSchema,
      response: { 200: writeEnvelope(familyInboxSchema), ...writeErrors },
    },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeChild(app.db, guardian, req.params.id);
      const offer = await authorizeChildOffer(app.db, guardian.id, link.player_id, req.params.offerId);
      return written(await inbox.answerOffer(app.db, app.mailer, app.config.PUBLIC_URL, guardian.id, offer, req.body.answer));
    },
  });
}
