import { z } from 'zod';
import { cursorParam } from './cursor.js';
import { emailField, idParam, personNameFields, requiredId } from './common.js';

/** docs/product.md#data User. */
export const userSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.number(),
  role_title: z.string(),
  role_admin: z.boolean(),
  status: z.number(),
  isCoach: z.boolean(),
  isPlayer: z.boolean(),
  player: z.number().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const USER_ACTIVE = 1;
export const USER_SUSPENDED = 2;

/** docs/product.md#validation: first_name, last_name, email and role are required. */
export const userCreateSchema = z.object({
  ...personNameFields,
  email: emailField.pipe(z.string().max(320, { error: 'At most 320 characters.' })),
  role: requiredId,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** docs/product.md#validation: role and email are not editable on edit (extra fields are ignored). */
export const userUpdateSchema = z.object(personNameFields);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** `auth_role` of docs/product.md#api is accepted and ignored; `role` filters by role id. */
export const usersQuerySchema = z.object({
  role: idParam.optional(),
  auth_role: z.string().optional(),
  /** At most this many, by name; without it every user (the answer docs/product.md#api describes). */
  limit: z.coerce.number().int().min(1).max(200).optional(),
  /** The `next` of the page before. */
  after: cursorParam(['string', 'string', 'number']).optional(),
});
