import { z } from 'zod';
import { MSG } from '../messages.js';
import { nowMs } from '../clock.js';

/** Privacy requests (docs/product.md#privacy, ADR 0022): erasure requests and their decisions. */

/** An admin decides an erasure request within this many days of it being made. */
export const ERASURE_DECISION_DAYS = 30;
/** The Privacy requests screen marks requests due within this many days. */
export const ERASURE_DUE_SOON_DAYS = 7;

export const PRIVACY_REQUESTERS = ['guardian', 'player', 'admin'] as const;
export type PrivacyRequester = (typeof PRIVACY_REQUESTERS)[number];
export const PRIVACY_STATUSES = ['open', 'erased', 'refused'] as const;
export type PrivacyStatus = (typeof PRIVACY_STATUSES)[number];

export const privacyMessages = {
  alreadyErased: "This player's data has already been erased.",
  notOpen: 'This request has already been decided.',
  reasonRequired: 'Please give the reason for refusing.',
  requestNotFound: 'This request does not exist.',
} as const;

/** POST …/erasure-request: an optional reason in the requester's words. */
export const erasureRequestBodySchema = z.object({
  reason: z.string().trim().max(2000, { error: 'At most 2000 characters.' }).default(''),
});
export type ErasureRequestBody = z.input<typeof erasureRequestBodySchema>;

/** POST /api/privacy/request/{id}/decide: approve (erases at once) or refuse with a reason. */
export const privacyDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'refuse'], { error: MSG.required }),
    reason: z.string().trim().max(2000, { error: 'At most 2000 characters.' }).default(''),
  })
  .refine((d) => d.decision === 'approve' || d.reason.length > 0, { error: privacyMessages.reasonRequired, path: ['reason'] });
export type PrivacyDecision = z.input<typeof privacyDecisionSchema>;

export const privacyRequestSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  playerName: z.string(),
  requestedBy: z.enum(PRIVACY_REQUESTERS),
  reason: z.string(),
  status: z.enum(PRIVACY_STATUSES),
  createdAt: z.string(),
  dueAt: z.string(),
  /** Whole days until the deadline (negative once overdue); null once decided. */
  daysLeft: z.number().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const privacyCountsSchema = z.object({ open: z.number(), overdue: z.number(), dueSoon: z.number() });
export type PrivacyCounts = z.infer<typeof privacyCountsSchema>;

export const privacyListQuerySchema = z.object({
  /** 1: open requests only (the dashboard's count links here). */
  open: z.enum(['0', '1']).default('0'),
});

export const privacyListSchema = z.object({ requests: z.array(privacyRequestSchema), counts: privacyCountsSchema });
export type PrivacyList = z.infer<typeof privacyListSchema>;

/** A player's requests as the player, a guardian or staff see them on the player's page. */
export const playerPrivacySchema = z.object({ erased: z.boolean(), requests: z.array(privacyRequestSchema) });
export type PlayerPrivacy = z.infer<typeof playerPrivacySchema>;

/** Whole days from now until `dueAt` (rounded up; negative once past). */
export function daysUntil(dueAt: string, now = nowMs()): number {
  return Math.ceil((Date.parse(dueAt) - now) / 86_400_000);
}
