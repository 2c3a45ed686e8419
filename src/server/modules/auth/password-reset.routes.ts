import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { FORGOT_PASSWORD_ANSWER, forgotPasswordSchema, resetPasswordSchema } from '../../../shared/schemas/password.js';
import { access } from '../../policies/access.js';
import { errors, written } from '../../lib/reply.js';
import * as service from './password-reset.service.js';

/** 'Forgot password?' (single-use link by e-mail, 30 minutes) and setting a new password with it. */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const rateLimit = { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' };

  r.post('/api/auth/forgot-password', {
    config: { access: access.public, rateLimit },
    schema: { tags, body: forgotPasswordSchema, response: errors(400, 429) },
    handler: async (req) => {
      // Work happens after the answer: same answer and same timing whether or not the account exists.
      void service
        .issueLink(app.db, app.mailer, app.config.PUBLIC_URL, req.body.email)
        .catch((err: unknown) => req.log.error({ err }, 'password reset link failed'));
      return { data: null, message: FORGOT_PASSWORD_ANSWER };
    },
  });

  r.post('/api/auth/reset-password', {
    config: { access: access.public, rateLimit },
    schema: { tags, body: resetPasswordSchema, response: errors(400, 429) },
    handler: async (req) => {
      await service.resetPassword(app.db, req.body.token, req.body.new_password);
      return written(null);
    },
  });
}
