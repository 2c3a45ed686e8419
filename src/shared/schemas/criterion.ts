import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam, optionalText, requiredId, requiredText, urlList } from './common.js';
import { levelKindSchema } from './reference.js';

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
