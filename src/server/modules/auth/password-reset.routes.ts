import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common.js';
import { FORGOT_PASSWORD_ANSWER, forgotPasswordSchema, RESET_LINK_MINUTES, resetPasswordSchema } from '../../../shared/schemas/password.js';
import { access } from '../../policies/access.js';
import { hashPassword } from './passwords.js';
import * as sessions from './sessions.repository.js';
import { randomToken, sha256 } from './tokens.js';
import { badRequest } from '../../lib/errors.js';
import { written } from '../../lib/reply.js';
import { addMinutes, nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { assertPasswordAllowed } from './password-policy.js';
import * as repo from './password-reset.repository.js';

const INVALID_LINK = 'This link is invalid or has expired. Ask for a new one with "Forgot password?" on the sign-in page.';

export function resetLinkMail(publicUrl: string, name: string, token: string) {
  const link = `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    subject: 'Reset your password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your club account.',
      `Open this link to choose a new password. It works once and is valid for ${RESET_LINK_MINUTES} minutes:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

/** 'Forgot password?' (single-use link by e-mail, 30 minutes) and setting a new password with it. */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const rateLimit = { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' };

  async function issueLink(email: string): Promise<void> {
    const user = await repo.findActiveUserByEmail(app.db, email);
    if (!user) return;
    const now = nowIso();
    if (await repo.hasRecentToken(app.db, user.id, addMinutes(now, -1))) return;
    const token = randomToken();
    await repo.replaceToken(app.db, { user_id: user.id, token_hash: sha256(token), expires_at: addMinutes(now, RESET_LINK_MINUTES), created_at: now });
    await app.mailer.send({ to: user.email, ...resetLinkMail(app.config.PUBLIC_URL, user.first_name, token), sensitive: true });
  }

  r.post('/api/auth/forgot-password', {
    config: { access: access.public, rateLimit },
    schema: { tags, body: forgotPasswordSchema, response: { 400: errorBody, 429: errorBody } },
    handler: async (req) => {
      // Work happens after the answer: same answer and same timing whether or not the account exists.
      void issueLink(req.body.email).catch((err: unknown) => req.log.error({ err }, 'password reset link failed'));
      return { data: null, message: FORGOT_PASSWORD_ANSWER };
    },
  });

  r.post('/api/auth/reset-password', {
    config: { access: access.public, rateLimit },
    schema: { tags, body: resetPasswordSchema, response: { 400: errorBody, 429: errorBody } },
    handler: async (req) => {
      const { token, new_password } = req.body;
      const found = await repo.findToken(app.db, sha256(token));
      if (!found || found.used_at || found.status !== 1 || Date.parse(found.expires_at) < Date.now()) throw badRequest(INVALID_LINK, 'token');
      assertPasswordAllowed(new_password, 'new_password', [found.email, found.first_name, found.last_name]);
      const passwordHash = await hashPassword(new_password);
      await app.db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (!(await repo.claimToken(trx, found.id, now))) throw badRequest(INVALID_LINK, 'token');
        await sessions.setPassword(trx, found.user_id, passwordHash, now);
        await sessions.deleteUserSessions(trx, found.user_id);
        await repo.deleteUnusedTokens(trx, found.user_id);
        await recordAudit(trx, { id: found.user_id }, 'password_reset', 'user', found.user_id, 'Password set with an e-mailed reset link');
      });
      return written(null);
    },
  });
}
