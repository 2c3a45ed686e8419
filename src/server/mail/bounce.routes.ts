import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bounceAnswerSchema } from '../../shared/schemas/mail-bounce.js';
import { writeEnvelope } from '../../shared/schemas/common.js';
import { errors, written } from '../lib/reply.js';
import { access } from '../policies/access.js';
import { claimSignature, verifyWebhook } from '../policies/webhook.js';
import { parseBounce, recordBounce } from './bounce.service.js';

/** The mail provider's bounce notices (README "Reports", ADR 0020 "Bounces"). */
export async function bounceRoutes(app: FastifyInstance): Promise<void> {
  // The signature covers the bytes as sent: this scope keeps JSON bodies raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/mail/bounces', {
      config: { access: access.webhook },
      schema: {
        tags: ['mail'],
        description: 'A bounce notice, signed (headers x-club-timestamp, x-club-signature), each signature once. 200 matched, 202 ignored.',
        response: { 200: writeEnvelope(bounceAnswerSchema), 202: writeEnvelope(bounceAnswerSchema), ...errors(400, 401, 404, 409) },
      },
      handler: async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        verifyWebhook(req, app.config.MAIL_WEBHOOK_SECRET, raw);
        const forget = await claimSignature(app.database.limits, req);
        let answer;
        try {
          answer = await recordBounce(app.db, parseBounce(raw));
        } catch (err) {
          await forget();
          throw err;
        }
        return reply.code(answer.outcome === 'ignored' ? 202 : 200).send(written(answer));
      },
    });
  });
}
