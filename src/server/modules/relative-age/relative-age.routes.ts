import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, okEnvelope } from '../../../shared/schemas/common.js';
import { relativeAgeSchema, sessionRelativeAgeQuerySchema } from '../../../shared/schemas/relative-age.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeDraft } from '../../policies/drafts.js';
import { authorizeSession } from '../../policies/eval-sessions.js';
import { read, readErrors, writeErrors } from '../../lib/reply.js';
import * as service from './relative-age.service.js';

const tags = ['relative age'];

/**
 * Relative age (docs/product.md#relative-age, ADR 0028): read with the same rights as the session's
 * results and the draft board it sits beside. Shown, never imposed: nothing here writes.
 */
export async function relativeAgeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get('/api/eval-session/:id/relative-age', {
    config: { access: access.need('sessions', 2) },
    schema: {
      tags,
      params: idParams,
      querystring: sessionRelativeAgeQuerySchema,
      description:
        'Birth quarters of the top `top` against all scored players, and the age-adjusted ranking. Errors: 401, 403, 404, 409 while locked.',
      response: { 200: okEnvelope(relativeAgeSchema), ...writeErrors },
    },
    handler: async (req) => {
      const { session } = await authorizeSession(db, requireActor(req), req.params.id, 'results');
      return read(await service.forSession(db, session, req.query.top));
    },
  });

  r.get('/api/draft/:id/relative-age', {
    config: { access: access.need('teams', 2) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(relativeAgeSchema), ...readErrors } },
    handler: async (req) => read(await service.forDraft(db, await authorizeDraft(db, requireActor(req), req.params.id))),
  });
}
