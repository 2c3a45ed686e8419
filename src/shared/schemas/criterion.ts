import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam, optionalText, requiredId, requiredText, urlList } from './common.js';
import { levelKindSchema } from './reference.js';
import { SCALE_MAX } from '../constants.js';
import { ATTEMPT_MODES, DIRECTIONS, MEASURE_UNITS, definitionProblem, ruleProblem } from '../measured.js';

/*
 * A measured criterion's test and points rule (docs/product.md#measured-criteria). The checks are the
 * scoring module's own (definitionProblem, ruleProblem), so the form and the server refuse alike.
 */
const band = z.object({ points: z.number({ error: MSG.number }), limit: z.number({ error: 'Every band needs a limit.' }) });
const bandSet = z.object({
  ageGroup: z
    .string()
    .trim()
    .max(4)
    .transform((v) => (v === '' ? null : v.toUpperCase()))
    .nullable()
    .transform((v) => v ?? null),
  bands: z.array(band).max(SCALE_MAX, { error: 'At most 10 bands.' }),
});
export const pointsRuleSchema = z.object({
  method: z.enum(['bands', 'percentile'], { error: 'Choose bands or percentiles.' }),
  bandSets: z.array(bandSet).max(30, { error: 'At most 30 age groups.' }),
});
const measureShape = z.object({
  unit: z.enum(MEASURE_UNITS, { error: 'Choose a unit: s, cm, m, kg, count or made of attempts.' }),
  decimals: z.number({ error: MSG.number }),
  direction: z.enum(DIRECTIONS, { error: 'Choose whether a higher or a lower value is better.' }),
  min: z.number({ error: MSG.number }),
  max: z.number({ error: MSG.number }),
  attempts: z.enum(ATTEMPT_MODES, { error: 'Choose how attempts combine: best of N, mean of N or a single value.' }),
  attemptCount: z.number({ error: MSG.number }),
  rule: pointsRuleSchema,
});
export const measureSchema = measureShape.superRefine((m, ctx) => {
  const problem = definitionProblem(m) ?? ruleProblem(m, m.rule);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.field.split('.') });
});
export type Measure = z.output<typeof measureShape>;
export type MeasureInput = z.input<typeof measureSchema>;
/** As answered: the stored test, already valid. */
export const measureOutSchema = measureShape.extend({
  rule: z.object({
    method: z.enum(['bands', 'percentile']),
    bandSets: z.array(z.object({ ageGroup: z.string().nullable(), bands: z.array(band) })),
  }),
});

/** docs/product.md#data "Criterion": `criteria` is the name, `score` the percentage weight, `level` the level id. */
export const criterionSchema = z.object({
  id: z.number(),
  criteria: z.string(),
  level: z.number(),
  level_name: z.string(),
  level_kind: levelKindSchema,
  score: z.number(),
  description: z.string(),
  video_links: z.array(z.string()),
  /** Every stored evaluation of this criterion (current and history): what a delete takes with it. */
  evaluationCount: z.number(),
  /** A measured criterion's test and points rule; null on other levels. */
  measure: measureOutSchema.nullable(),
});
export type Criterion = z.infer<typeof criterionSchema>;

export const CRITERION_NAME_MAX = 120;
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 100;

/**
 * The weight as typed in a form or sent by an API client: a number or numeric text.
 * Empty → 'This field is required'; anything else non-numeric → 'This field must be a number!'; outside
 * 0–100 → MSG.weightRange (refused, never clamped: a clamped weight would silently change the total).
 */
export const weightField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.number) })
    .min(WEIGHT_MIN, { error: MSG.weightRange })
    .max(WEIGHT_MAX, { error: MSG.weightRange }),
);

const common = {
  criteria: requiredText(CRITERION_NAME_MAX),
  level: requiredId,
  description: optionalText(5000),
  video_links: urlList,
  /** Required on a measured level, ignored on others. A changed rule re-scores the current evaluations. */
  measure: measureSchema.nullish(),
};

/** POST /api/criteria. */
export const criterionCreateSchema = z.object({ ...common, score: weightField });
export type CriterionCreate = z.input<typeof criterionCreateSchema>;

/**
 * POST /api/criterion/{id}. The weight is not editable (docs/product.md#validation): stored score_percentages were
 * computed with it. A client may echo the unchanged weight; a different one is refused by the route.
 */
export const criterionEditSchema = z.object({ ...common, score: z.unknown().optional() });
export type CriterionEdit = z.input<typeof criterionEditSchema>;

export const criteriaQuerySchema = z.object({ level: idParam.optional() });

export const criterionDeletedSchema = z.object({ id: z.number(), deletedEvaluations: z.number() });
