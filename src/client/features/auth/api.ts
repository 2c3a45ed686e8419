import type { Login, Me } from '../../../shared/schemas/auth';
import type { ForgotPassword } from '../../../shared/schemas/password';
import { apiPost, setCsrfToken, type Envelope, type WriteEnvelope } from '../../lib/api';

/**
 * Every write of the signed-out screens and the password change. Plain calls rather than mutation
 * hooks: the forms show their own pending state, and with no network they fail at once instead of
 * waiting for it.
 */

/** The answer's CSRF token signs every later write. */
export async function login(values: Login): Promise<Me> {
  const { data } = await apiPost<Envelope<Me>>('/api/auth/login', values);
  setCsrfToken(data.csrfToken);
  return data;
}

/** The server's answer is the same whether or not the address has an account. */
export const requestPasswordReset = async (values: ForgotPassword): Promise<string> =>
  (await apiPost<WriteEnvelope<null>>('/api/auth/forgot-password', values)).message;

export const resetPassword = (token: string, newPassword: string) =>
  apiPost('/api/auth/reset-password', { token, new_password: newPassword });

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiPost('/api/auth/password', { current_password: currentPassword, new_password: newPassword });

/** At the hand-over: the player claims their account with the e-mailed link and a new password. */
export const claimAccount = (token: string, password: string) =>
  apiPost<WriteEnvelope<{ email: string }>>('/api/handover/claim', { token, password }).then((r) => r.data);
