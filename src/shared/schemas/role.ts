import { z } from 'zod';
import { MSG } from '../messages.js';
import { SECTIONS, type Permissions } from '../permissions.js';
import { permissionsSchema } from './permissions.js';
import { requiredText } from './common.js';

export const ROLE_TITLE_MAX = 100;

/** Display names of the permission sections in the roles matrix (docs/product.md#data order). */
export const SECTION_LABELS: Record<(typeof SECTIONS)[number], string> = {
  teams: 'Teams',
  players: 'Players',
  evaluation: 'Evaluation',
  criteria: 'Criteria',
  user_management: 'User management',
  reports: 'Reports',
  resources: 'Resources',
  emails: 'Emails',
  sessions: 'Evaluation sessions',
};

export const hasAnyPermission = (p: Permissions): boolean => SECTIONS.some((s) => p[s] > 0);

/**
 * Add/edit role payload of docs/product.md#api ({ title, permissions }) plus the admin flag of the matrix's
 * 'Admin' option (docs/product.md#validation: it gives user management level 1, so admin implies user_management ≥ 1).
 */
export const roleSaveSchema = z
  .object({
    title: requiredText(ROLE_TITLE_MAX),
    admin: z.boolean().default(false),
    permissions: permissionsSchema,
  })
  .superRefine((role, ctx) => {
    if (!hasAnyPermission(role.permissions)) {
      ctx.addIssue({ code: 'custom', message: MSG.onePermission, path: ['permissions'] });
    }
  })
  .transform((role) =>
    role.admin && role.permissions.user_management === 0
      ? { ...role, permissions: { ...role.permissions, user_management: 1 as const } }
      : role,
  );
export type RoleSaveInput = z.input<typeof roleSaveSchema>;
export type RoleSave = z.output<typeof roleSaveSchema>;

export const roleUserSchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

export const roleSchema = z.object({
  id: z.number(),
  title: z.string(),
  admin: z.boolean(),
  key: z.enum(['superadmin', 'admin', 'coach', 'player']).nullable(),
  permissions: permissionsSchema,
  userCount: z.number(),
  users: z.array(roleUserSchema),
});
export type Role = z.infer<typeof roleSchema>;

/** Built-in roles that can never be deleted (docs/product.md#validation names Player and Coach; the admin roles too). */
export const UNDELETABLE_ROLE_KEYS = ['superadmin', 'admin', 'coach', 'player'] as const;

/** `auth_role` of docs/product.md#api is accepted and ignored: identity comes from the session. */
export const rolesQuerySchema = z.object({ auth_role: z.string().optional() });
