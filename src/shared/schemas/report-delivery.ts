import { z } from 'zod';
import { REPORT_STATES, reportSnapshotSchema } from './report-snapshot.js';

/**
 * Sending approved reports and reading sent ones (docs/product.md#reports, ADR 0020 "Delivery"). The
 * staff preview says "N reports to M recipients" and names every player who cannot be reached, with
 * why; the family portal and the player area read only sent reports.
 */

/** How long a report's one-time link stays valid. */
export const REPORT_LINK_DAYS = 14;

export const UNDELIVERABLE_REASONS = ['not_approved', 'no_guardian', 'no_email', 'no_consent'] as const;
export type UndeliverableReason = (typeof UNDELIVERABLE_REASONS)[number];
export const UNDELIVERABLE_LABELS: Record<UndeliverableReason, string> = {
  not_approved: 'No approved report in this cycle',
  no_guardian: 'No guardian who receives reports has a confirmed, active link',
  no_email: 'No e-mail: no guardian and no own sign-in',
  no_consent: 'The reports consent of the guardians is missing or withdrawn',
};

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'cancelled'] as const;

const recipientSchema = z.object({ kind: z.enum(['guardian', 'player']), email: z.string() });

export const deliveryPreviewSchema = z.object({
  team: z.object({ id: z.number().int(), name: z.string() }),
  cycle: z.object({ id: z.number().int(), name: z.string() }),
  /** "N reports to M recipients". */
  reports: z.number().int(),
  recipients: z.number().int(),
  items: z.array(z.object({ report_id: z.number().int(), player_id: z.number().int(), name: z.string(), to: z.array(recipientSchema) })),
  undeliverable: z.array(
    z.object({
      player_id: z.number().int(),
      name: z.string(),
      report_id: z.number().int().nullable(),
      reason: z.enum(UNDELIVERABLE_REASONS),
    }),
  ),
  already_sent: z.number().int(),
});
export type DeliveryPreview = z.infer<typeof deliveryPreviewSchema>;

export const deliverySendSchema = z.object({ confirm: z.literal(true, { error: 'Confirm the preview first.' }) });

export const deliverySendResultSchema = deliveryPreviewSchema.extend({ sent: z.number().int(), failed: z.number().int() });
export type DeliverySendResult = z.infer<typeof deliverySendResultSchema>;

export const deliveryCycleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  closes_on: z.string(),
  approved: z.number().int(),
  sent: z.number().int(),
});
export type DeliveryCycle = z.infer<typeof deliveryCycleSchema>;

export const deliveryRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['guardian', 'player']),
  email: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
});

/** A report as a list shows it; deliveries only for staff. */
export const reportSummarySchema = z.object({
  id: z.number().int(),
  cycle: z.string(),
  team: z.string(),
  version: z.number().int(),
  state: z.enum(REPORT_STATES),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const staffReportRowSchema = reportSummarySchema.extend({ deliveries: z.array(deliveryRowSchema) });
export type StaffReportRow = z.infer<typeof staffReportRowSchema>;

export const reportReadSchema = reportSummarySchema.extend({ snapshot: reportSnapshotSchema });
export type ReportRead = z.infer<typeof reportReadSchema>;

export const reportLinkSchema = z.object({ token: z.string().min(1).max(200) });
export const reportLinkAnswerSchema = z.object({
  kind: z.enum(['guardian', 'player']),
  player_id: z.number().int(),
  report_id: z.number().int(),
  csrfToken: z.string(),
});
export type ReportLinkAnswer = z.infer<typeof reportLinkAnswerSchema>;

export const INVALID_REPORT_LINK = 'This report link is invalid, used or expired. Sign in to see your reports.';
export const REVOKED_REPORT_LINK = 'This report was withdrawn by the club.';
