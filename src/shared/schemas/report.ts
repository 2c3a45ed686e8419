import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam, isoDate, refFields, requiredId, requiredText } from './common.js';
import { REPORT_FOCUS_MAX, REPORT_STATES, reportSnapshotSchema } from './report-snapshot.js';

/** Evaluation cycles and the reports written in them (docs/product.md#reports, ADR 0020). Shared by routes and forms. */

export const CYCLE_NAME_MAX = 100;
export const OVERALL_COMMENT_MAX = 4000;
export const CRITERION_COMMENT_MAX = 1000;
export const FOCUS_TEXT_MAX = 1000;
/** Resources linked to one thing to work on. */
export const FOCUS_RESOURCES_MAX = 5;

/** POST /api/report-cycles and /api/report-cycle/{id}. */
export const cycleSaveSchema = z
  .object({
    name: requiredText(CYCLE_NAME_MAX),
    season_id: requiredId,
    team_ids: z.array(requiredId, { error: MSG.required }).min(1, { error: 'Choose at least one team.' }).max(500),
    opens_on: isoDate,
    closes_on: isoDate,
    show_team_average: z.boolean().default(false),
    show_rank: z.boolean().default(false),
  })
  .refine((c) => c.closes_on >= c.opens_on, { error: 'The cycle cannot close before it opens.', path: ['closes_on'] });
export type CycleSave = z.input<typeof cycleSaveSchema>;
export type CycleSaved = z.output<typeof cycleSaveSchema>;

/** How many reports of the (reachable) teams are in each state; superseded versions are not counted. */
export const stateCountsSchema = z.object({
  none: z.number(),
  draft: z.number(),
  approved: z.number(),
  sent: z.number(),
  viewed: z.number(),
  revoked: z.number(),
});
export type StateCounts = z.infer<typeof stateCountsSchema>;

export const cycleSchema = z.object({
  id: z.number(),
  name: z.string(),
  season: z.object(refFields),
  opens_on: z.string(),
  closes_on: z.string(),
  show_team_average: z.boolean(),
  show_rank: z.boolean(),
  /** The teams the caller reaches (a coach: only theirs). */
  teams: z.array(z.object(refFields)),
  /** Whether the caller reaches every team of the cycle (and so may edit it). */
  editable: z.boolean(),
  counts: stateCountsSchema,
  updated_at: z.string(),
});
export type Cycle = z.infer<typeof cycleSchema>;

export const reportStateSchema = z.enum(REPORT_STATES);

/** One player of a team in a cycle: their latest report version, or none yet. */
export const teamReportRowSchema = z.object({
  player: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  report: z
    .object({
      id: z.number(),
      version: z.number(),
      state: reportStateSchema,
      has_comment: z.boolean(),
      updated_at: z.string(),
      /** E-mails of the report that failed or bounced: the player's profile names them. */
      undelivered: z.number(),
    })
    .nullable(),
});
export type TeamReportRow = z.infer<typeof teamReportRowSchema>;

export const teamReportsSchema = z.object({
  cycle: z.object({ id: z.number(), name: z.string(), closes_on: z.string() }),
  team: z.object(refFields),
  rows: z.array(teamReportRowSchema),
});
export type TeamReports = z.infer<typeof teamReportsSchema>;

/** POST …/team/{teamId}/reports: drafts for these players, or for every player of the team without one. */
export const draftCreateSchema = z.object({ player_ids: z.array(idParam).max(500).optional() });
export type DraftCreate = z.output<typeof draftCreateSchema>;
export const draftCreateResultSchema = z.object({ created: z.number() });

export const focusItemSchema = z.object({
  criterion_id: requiredId,
  text: z
    .string()
    .trim()
    .max(FOCUS_TEXT_MAX, { error: `At most ${FOCUS_TEXT_MAX} characters.` })
    .min(1, { error: MSG.required }),
  resource_ids: z
    .array(requiredId)
    .max(FOCUS_RESOURCES_MAX, { error: `At most ${FOCUS_RESOURCES_MAX} resources.` })
    .default([]),
});
export type FocusItem = z.infer<typeof focusItemSchema>;

/** POST /api/report/{id}: a draft's text. The overall comment may be empty while drafting; approval needs it. */
export const reportSaveSchema = z.object({
  overall_comment: z
    .string()
    .trim()
    .max(OVERALL_COMMENT_MAX, { error: `At most ${OVERALL_COMMENT_MAX} characters.` })
    .default(''),
  criterion_comments: z
    .record(
      z.string().regex(/^\d{1,10}$/),
      z
        .string()
        .trim()
        .max(CRITERION_COMMENT_MAX, { error: `At most ${CRITERION_COMMENT_MAX} characters.` }),
    )
    .default({}),
  focus: z
    .array(focusItemSchema)
    .max(REPORT_FOCUS_MAX, { error: `At most ${REPORT_FOCUS_MAX} things to work on.` })
    .default([]),
});
export type ReportSave = z.input<typeof reportSaveSchema>;
export type ReportSaved = z.output<typeof reportSaveSchema>;

const resourceRef = z.object({ id: z.number(), title: z.string(), url: z.string() });

export const reportSchema = z.object({
  id: z.number(),
  cycle: z.object({ id: z.number(), name: z.string(), closes_on: z.string() }),
  team: z.object(refFields),
  player: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  version: z.number(),
  state: reportStateSchema,
  overall_comment: z.string(),
  criterion_comments: z.record(z.string(), z.string()),
  focus: z.array(z.object({ criterion_id: z.number(), text: z.string(), resource_ids: z.array(z.number()) })),
  /** Frozen once approved; for a draft, what it would say if approved now. */
  snapshot: reportSnapshotSchema,
  /** The criteria a comment or a thing to work on can name, each with the resources tagged for it. */
  criteria: z.array(z.object({ id: z.number(), label: z.string(), resources: z.array(resourceRef) })),
  versions: z.array(z.object({ id: z.number(), version: z.number(), state: reportStateSchema })),
  created_at: z.string(),
  updated_at: z.string(),
  approved_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const bulkApproveResultSchema = z.object({
  approved: z.number(),
  /** Drafts left as they were, each with why (never skipped in silence). */
  skipped: z.array(z.object({ report_id: z.number(), player: z.string(), reason: z.string() })),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResultSchema>;
