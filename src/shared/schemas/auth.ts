import { z } from 'zod';
import { permissionsSchema } from './permissions.js';
import { userSchema } from './user.js';
import { MSG } from '../messages.js';

export const loginSchema = z.object({
  email: z.string({ error: MSG.required }).trim().toLowerCase().min(1, { error: MSG.required }).max(320),
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(1024),
});
export type Login = z.infer<typeof loginSchema>;

export const PASSWORD_MIN = 8;
export const changePasswordSchema = z.object({
  current_password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(1024),
  new_password: z
    .string({ error: MSG.required })
    .min(PASSWORD_MIN, { error: `Use at least ${PASSWORD_MIN} characters.` })
    .max(1024),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** The signed-in user's page globals of docs/product.md#data. */
export const meSchema = userSchema.pick({ id: true, first_name: true, last_name: true, email: true, role: true, role_title: true }).extend({
  roleKey: z.string().nullable(),
  admin: z.boolean(),
  player: z.number().nullable(),
  permissions: permissionsSchema,
  isCoach: z.boolean(),
  isPlayer: z.boolean(),
  mustChangePassword: z.boolean(),
  csrfToken: z.string(),
});
export type Me = z.infer<typeof meSchema>;
