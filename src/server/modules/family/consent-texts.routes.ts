import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { consentTextPublishSchema, consentTextsSchema } from '../../../shared/schemas/consent-text.js';
import { access, requireActor } from '../../policies/access.js';
import { errors, read, writeErrors, written } from '../../lib/reply.js';
import { listConsentTexts, publishConsentText } from './consent-texts.service.js';

const tags = ['settings'];

/** The club's consent wording (Settings, admin roles like the rest of Settings): read, and publish a new version. */
export async function consentTextsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/consent-texts', {
    config: { access: access.admin },
    schema: { tags, response: { 200: okEnvelope(consentTextsSchema), ...errors(401, 403) } },
    handler: async () => read(await listConsentTexts(app.db)),
  });

  r.post('/api/consent-texts', {
    config: { access: access.admin },
    schema: { tags, body: consentTextPublishSchema, response: { 200: writeEnvelope(consentTextsSchema), ...writeErrors } },
    handler: async (req) => written(await publishConsentText(app.db, requireActor(req), req.body)),
  });
}
