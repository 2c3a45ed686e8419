import { z } from 'zod';
import { levelKindSchema } from './reference.js';

/**
 * Self-assessment (docs/product.md#self-assessment, ADR 0029): the player scores themself on the
 * criteria of a report cycle while it is open, blind to the coach's scores; once the coach's report for
 * the cycle is approved the two stand side by side, largest gaps first.
 */
export const SELF_ASSESSMENT_STATUSES = ['open', 'closed', 'compared'] as const;
export type SelfAssessmentStatus = (typeof SELF_ASSESSMENT_STATUSES)[number];

export const selfAssessmentMessages = {
  notFound: 'This self-assessment does not exist.',
  notOpen: 'This self-assessment is closed: the cycle has ended or your coach has approved your report.',
  onlyPlayer: 'Only the player can fill in their self-assessment.',
  unknownCriterion: 'This criterion is not part of the self-assessment.',
  scale: 'Choose a score from 1 to 10.',
  yesNo: 'Choose Yes or No.',
} as const;

/** A score as the form holds it: '' (not scored, or cleared), '1'…'10', 'Yes' or 'No'. */
export const selfScoreText = z.union([z.literal(''), z.literal('Yes'), z.literal('No'), z.string().regex(/^\d{1,2}$/)], {
  error: selfAssessmentMessages.scale,
});

export const selfAssessmentSaveSchema = z.object({
  scores: z
    .array(z.object({ criterion_id: z.number({ error: 'Invalid id.' }).int().positive(), score: selfScoreText }))
    .min(1, { error: 'Score at least one criterion.' })
    .max(500),
});
export type SelfAssessmentSave = z.input<typeof selfAssessmentSaveSchema>;

export const selfAssessmentCycleSchema = z.object({
  cycleId: z.number(),
  name: z.string(),
  season: z.string(),
  opensOn: z.string(),
  closesOn: z.string(),
  /** open: the player may score; closed: the cycle ended before an approved report; compared: the report is approved. */
  status: z.enum(SELF_ASSESSMENT_STATUSES),
  /** How many criteria the player scored. */
  scored: z.number(),
});
export type SelfAssessmentCycle = z.infer<typeof selfAssessmentCycleSchema>;

export const gapRowSchema = z.object({
  criterionId: z.number(),
  label: z.string(),
  /** Percent of the criterion's maximum, as the report shows it. */
  self: z.number().nullable(),
  coach: z.number().nullable(),
  gap: z.number().nullable(),
});
export type GapRowOut = z.infer<typeof gapRowSchema>;

export const selfAssessmentSchema = z.object({
  cycle: selfAssessmentCycleSchema,
  criteria: z.array(
    z.object({ criterionId: z.number(), label: z.string(), description: z.string(), kind: levelKindSchema, score: z.string() }),
  ),
  savedAt: z.string().nullable(),
  /** Only once the coach's report is approved; never the coach's scores before. */
  comparison: z.array(gapRowSchema).nullable(),
});
export type SelfAssessment = z.infer<typeof selfAssessmentSchema>;

export const selfAssessmentListSchema = z.object({ cycles: z.array(selfAssessmentCycleSchema) });

export const familySelfAssessmentsSchema = z.object({
  comparisons: z.array(z.object({ cycle: selfAssessmentCycleSchema, rows: z.array(gapRowSchema) })),
  /** noConsent: the reports consent does not hold, so nothing is shown (the portal says why). */
  hidden: z.enum(['noConsent']).nullable(),
});
export type FamilySelfAssessments = z.infer<typeof familySelfAssessmentsSchema>;

/** The stored score of a form value ('' = none). */
export function parseSelfScore(text: string): number | null {
  if (text === '') return null;
  if (text === 'Yes') return 1;
  if (text === 'No') return 0;
  return Number(text);
}
/** The form value of a stored score on a level of this kind. */
export const selfScoreTextOf = (kind: z.infer<typeof levelKindSchema>, score: number | null): string =>
  score === null ? '' : kind === 'yes_no' ? (score === 1 ? 'Yes' : 'No') : String(score);
