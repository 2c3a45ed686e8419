import { z } from 'zod';

/**
 * What a report says, frozen when it is approved (docs/product.md#reports, ADR 0020). The server builds
 * it from the evaluations current at the cycle's close; the portal, the player area, the e-mail and
 * the PDF only render it. It names no evaluator and no other player, and carries no staff note.
 */
export const REPORT_STATES = ['draft', 'approved', 'sent', 'viewed', 'revoked', 'superseded'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
/** At most this many things to work on per report. */
export const REPORT_FOCUS_MAX = 3;

export const reportSnapshotSchema = z.object({
  player: z.object({ first_name: z.string(), last_name: z.string() }),
  cycle: z.object({ name: z.string(), season: z.string(), closes_on: z.string() }),
  team: z.object({ name: z.string() }),
  /** "Coach", or "Tryout panel, N evaluators" for published tryout results. */
  evaluated_by: z.string(),
  /**
   * Each tryout whose results the report counts: by how many evaluators the player was seen (never
   * who) and the criteria on which the panel agreed well. Reports frozen before it was kept have none.
   */
  tryouts: z.array(z.object({ session: z.string(), evaluators: z.number().int(), agreed_on: z.array(z.string()) })).default([]),
  criteria: z.array(
    z.object({
      criterion_id: z.number().int(),
      label: z.string(),
      description: z.string(),
      /** The criterion's score as a percentage (0–100), null when not evaluated in the cycle. */
      percent: z.number().nullable(),
      comment: z.string().nullable(),
    }),
  ),
  /** The player's total (percent) at the cycle's close, and the change since their previous report. */
  total: z.number().nullable(),
  previous_total: z.number().nullable(),
  change: z.number().nullable(),
  /** Only when the cycle shows them. */
  team_average: z.number().nullable(),
  rank: z.object({ position: z.number().int(), of: z.number().int() }).nullable(),
  overall_comment: z.string(),
  focus: z
    .array(
      z.object({
        criterion_id: z.number().int(),
        label: z.string(),
        text: z.string(),
        resources: z.array(z.object({ id: z.number().int(), title: z.string(), url: z.string() })),
      }),
    )
    .max(REPORT_FOCUS_MAX),
});
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;
