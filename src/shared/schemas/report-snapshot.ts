import { z } from 'zod';
import { GOAL_STATES } from './goal.js';
import { LEVEL_KINDS } from './reference.js';
import { scoreLabel } from './evaluation.js';
import { PROGRESS_WORDS, SWC_SHARE } from '../progress.js';
import { MEASURE_UNITS, roundTo } from '../measured.js';

/**
 * What a report says, frozen when it is approved (docs/product.md#reports, ADR 0020). The server builds
 * it from the evaluations current at the cycle's close; the portal, the player area, the e-mail and
 * the PDF only render it. It names no evaluator and no other player, and carries no staff note.
 */
export const REPORT_STATES = ['draft', 'approved', 'sent', 'viewed', 'revoked', 'superseded'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
/** At most this many things to work on per report. */
export const REPORT_FOCUS_MAX = 3;

/**
 * A goal as a report states it (docs/product.md#goals): its state when the report was approved (the
 * outcome of a goal set at the last report), where the player was, is and aims to be, and progress by
 * the smallest-worthwhile-change rule. `visible_to_family` decides whether the family's copy shows it.
 */
export const reportGoalLineSchema = z.object({
  title: z.string(),
  state: z.enum(GOAL_STATES),
  level_kind: z.enum(LEVEL_KINDS).nullable(),
  baseline: z.number().nullable(),
  latest: z.number().nullable(),
  target: z.number().nullable(),
  progress: z.enum(['improved', 'no_change', 'declined']).nullable(),
  due_on: z.string(),
  visible_to_family: z.boolean(),
});
export type ReportGoalLine = z.infer<typeof reportGoalLineSchema>;

/**
 * The change since the player's previous report by the real-progress rule (docs/product.md#reports):
 * the words and the smallest worthwhile change they were read against, frozen at approval.
 */
export const snapshotProgressSchema = z.object({
  progress: z.enum(['improved', 'no_change', 'declined']),
  words: z.string(),
  /** The smallest worthwhile change, in `unit`; null when the club had too few scores to say. */
  swc: z.number().nullable(),
  /** "points" (a criterion), "percentage points" (the total) or a measured test's unit ("s"). */
  unit: z.string(),
  /** 0.2 × the spread of the club's current scores, or a measured test's typical error from repeated attempts. */
  basis: z.enum(['spread', 'typical_error']),
});
export type SnapshotProgress = z.infer<typeof snapshotProgressSchema>;

/**
 * A measured criterion's line: the player's own measurement, its points and their basis, and the
 * player's own percentile in their age group when enough of it is measured. Never another player's value.
 */
export const snapshotMeasuredSchema = z.object({
  value: z.number(),
  unit: z.enum(MEASURE_UNITS),
  /** "11.04 s → 9 points, U14 bands". */
  label: z.string(),
  percentile: z.object({ percent: z.number().int(), age_group: z.string() }).nullable(),
});
export type SnapshotMeasured = z.infer<typeof snapshotMeasuredSchema>;

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
      /** The 1–10 points (1/0 on Yes/No) behind the percent. Reports frozen before it was kept have none. */
      points: z.number().nullable().default(null),
      measured: snapshotMeasuredSchema.nullable().default(null),
      /** Against the previous report's score on the criterion; none without one. */
      progress: snapshotProgressSchema.nullable().default(null),
    }),
  ),
  /** The player's total (percent) at the cycle's close, and the change since their previous report. */
  total: z.number().nullable(),
  previous_total: z.number().nullable(),
  change: z.number().nullable(),
  /** The same change by the real-progress rule; reports frozen before it was kept have none. */
  total_progress: snapshotProgressSchema.nullable().default(null),
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
  /**
   * The goals set at the player's last report with their outcome, and the goals set from this report.
   * Reports frozen before goals were kept have none.
   */
  goals: z.object({ previous: z.array(reportGoalLineSchema), set: z.array(reportGoalLineSchema) }).default({ previous: [], set: [] }),
});
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;

/** The family's copy of a report: only the goals marked visible to family. */
export const familySnapshot = (s: ReportSnapshot): ReportSnapshot => ({
  ...s,
  goals: { previous: s.goals.previous.filter((g) => g.visible_to_family), set: s.goals.set.filter((g) => g.visible_to_family) },
});

/** A goal line's outcome in words: what became of it, or "Still active" while it runs. */
export const REPORT_GOAL_OUTCOME: Record<ReportGoalLine['state'], string> = {
  active: 'Still active',
  achieved: 'Achieved',
  not_achieved: 'Not achieved',
  dropped: 'Dropped',
  proposed: 'Proposed',
  declined: 'Declined',
};

/** "now 6/10, target 8/10, No clear change" (a criterion goal), or "due 2027-03-01" (free text): the same words on screen and in the PDF. */
export function reportGoalDetail(g: ReportGoalLine): string {
  const level = (v: number | null) => (v === null ? '–' : g.level_kind ? scoreLabel(g.level_kind, v) : String(v));
  const parts: string[] = [];
  if (g.target !== null) {
    if (g.baseline !== null) parts.push(`from ${level(g.baseline)}`);
    if (g.latest !== null) parts.push(`now ${level(g.latest)}`);
    parts.push(`target ${level(g.target)}`);
    if (g.progress) parts.push(PROGRESS_WORDS[g.progress]);
  }
  parts.push(`due ${g.due_on}`);
  return parts.join(', ');
}

const amount = (p: SnapshotProgress) => `${roundTo(p.swc ?? 0, 2)} ${p.unit}`;

/**
 * Why a change reads as it does (the tooltip on screen, the footnote in the PDF). `of` names what the
 * spread is taken of: "total scores", "scores on Dribbling"; `test` names a measured test.
 */
export function progressExplanation(p: SnapshotProgress, of: string): string {
  if (p.swc === null) return `Any change counts here: the club has too few current ${of} to say what a worthwhile change is.`;
  const why =
    p.basis === 'typical_error'
      ? "the typical error of measuring it twice, from players' repeated attempts"
      : `${SWC_SHARE} × the spread of the club's current ${of}`;
  return `A change counts when it is at least ${amount(p)}: ${why}. A smaller change is "${PROGRESS_WORDS.no_change}".`;
}

/** What a criterion's spread is taken of, for progressExplanation. */
export const spreadOf = (c: { label: string; measured: SnapshotMeasured | null }): string =>
  c.measured ? `measurements of ${c.label}` : `scores on ${c.label}`;

/** "Better than 70 % of U14 players measured at this club" (the player's own percentile, never anyone else's value). */
export const measuredPercentileText = (p: NonNullable<SnapshotMeasured['percentile']>): string =>
  `Better than ${p.percent} % of ${p.age_group} players measured at this club`;
