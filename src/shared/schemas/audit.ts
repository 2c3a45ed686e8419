import { z } from 'zod';
import { pageFields, refFields } from './common.js';
import { nextCursorField } from './cursor.js';

/** One entry of the audit trail (Settings → Audit log). */
export const auditItemSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  summary: z.string(),
  created_at: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

/** GET /api/audit: one page of entries, with the entities and users to filter by. */
export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  ...pageFields,
  ...nextCursorField,
  entities: z.array(z.string()),
  users: z.array(z.object(refFields)),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
