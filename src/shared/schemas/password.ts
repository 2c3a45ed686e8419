import { z } from 'zod';
import { MSG } from '../messages.js';
import { emailField } from './common.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The length rule, shared by forms and the server; the common-password check is server-side only. */
export const newPasswordField = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required })
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200),
  new_password: newPasswordField,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The change-password form adds a confirmation the server never sees. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
    new_password: newPasswordField,
    confirm_password: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: 'The passwords do not match.', path: ['confirm_password'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ new_password: newPasswordField, confirm_password: z.string({ error: MSG.required }).min(1, { error: MSG.required }) })
  .refine((v) => v.new_password === v.confirm_password, { message: 'The passwords do not match.', path: ['confirm_password'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Same answer whether or not the address has an account (no enumeration). */
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this address, we have sent an e-mail with a link to reset the password. The link is valid for 30 minutes.';
export const RESET_LINK_MINUTES = 30;
export const TEMPORARY_PASSWORD_HOURS = 24;
