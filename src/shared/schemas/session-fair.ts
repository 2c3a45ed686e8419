import { z } from 'zod';
import { refFields } from './common.js';
import { publishBasisSchema, sessionCriterionSchema } from './eval-session.js';

/**
 * A session's fair analysis (docs/product.md#fair-evaluations, ADR 0027): evaluators' severity, fair
 * scores, agreement, intervals and who has not seen whom yet. Figures from src/shared/fair-evaluations.ts.
 */

const range = z.tuple([z.number(), z.number()]).nullable();

export const verdictSchema = z.object({
  level: z.enum(['good', 'moderate', 'poor', 'unknown']),
  icc: z.number().nullable(),
  label: z.string(),
  advice: z.string().nullable(),
});

export const reliabilitySchema = z.object({
  icc: z.number().nullable(),
  /** The complete players × evaluators block the ICC rests on. */
  block: z.object({ players: z.number(), evaluators: z.number() }),
  meanEvaluators: z.number().nullable(),
  reliability: z.number().nullable(),
  evaluatorsNeeded: z.number().nullable(),
  verdict: verdictSchema,
  /** "Shooting: good agreement (0.81)". */
  sentence: z.string(),
});
export type FairReliability = z.infer<typeof reliabilitySchema>;

export const fairCriterionSchema = sessionCriterionSchema.extend(reliabilitySchema.shape).extend({
  /** Evaluator ids linked by shared players on this criterion; more than one group: corrected within each. */
  groups: z.array(z.array(z.number())),
});

const severityFields = {
  /** Against the panel's average evaluator; on a criterion in its points, over the total in points of 100. */
  severity: z.number().nullable(),
  /** Against the mean of the other evaluators of their group. */
  versusOthers: z.number().nullable(),
  spread: z.number().nullable(),
  sharedPlayers: z.number(),
};

export const fairEvaluatorSchema = z.object({
  ...refFields,
  guest: z.boolean(),
  ...severityFields,
  /** Index into `groups`. */
  group: z.number(),
  criteria: z.array(z.object({ criterionId: z.number(), scores: z.number(), ...severityFields })),
});
export type FairEvaluatorRow = z.infer<typeof fairEvaluatorSchema>;

export const fairSideSchema = z.object({
  total: z.number().nullable(),
  rank: z.number().nullable(),
  interval: range,
  rankRange: range,
});
export type FairSide = z.infer<typeof fairSideSchema>;

const who = z.object({ playerId: z.number(), firstName: z.string(), lastName: z.string(), bib: z.number().nullable() });

export const fairPlayerSchema = who.extend({
  complete: z.boolean(),
  evaluatorsDone: z.number(),
  /** Per criterion: the session's mean and the fair score. */
  cells: z.array(z.object({ criterionId: z.number(), raw: z.number().nullable(), fair: z.number().nullable() })),
  /** The session's results (trimmed means), as the results table and raw publishing have them. */
  raw: fairSideSchema,
  fair: fairSideSchema,
  /** Places gained on the fair ranking: raw rank − fair rank. */
  moved: z.number().nullable(),
});
export type FairPlayerRow = z.infer<typeof fairPlayerSchema>;

/** A player seen by fewer evaluators than the minimum on some criterion, while the session is open. */
export const coverageRowSchema = who.extend({
  /** The criteria short of the minimum, with how many evaluators scored the player on each. */
  short: z.array(z.object({ criterionId: z.number(), evaluators: z.number() })),
  /** Counted evaluators who have not scored the player on one of those criteria yet. */
  notYet: z.array(z.object({ ...refFields, guest: z.boolean() })),
});
export type CoverageRow = z.infer<typeof coverageRowSchema>;

export const sessionFairSchema = z.object({
  minEvaluators: z.number(),
  publishBasis: publishBasisSchema,
  connected: z.boolean(),
  /** Evaluator ids linked by shared players on any criterion, largest group first. */
  groups: z.array(z.array(z.number())),
  rounds: z.number(),
  level: z.number(),
  criteria: z.array(fairCriterionSchema),
  total: reliabilitySchema,
  evaluators: z.array(fairEvaluatorSchema),
  players: z.array(fairPlayerSchema),
  /** Only while the session is open; empty otherwise. */
  coverage: z.array(coverageRowSchema),
});
export type SessionFair = z.infer<typeof sessionFairSchema>;
