import { z } from 'zod';
import { SCALE_MAX, SCALE_MIN } from '../constants.js';
import { MSG } from '../messages.js';
import { MAX_ATTEMPTS, NO, parseAttempts, YES, type Attempt, type LevelKind, type MeasureDefinition } from '../scoring.js';
import { idParam, isoDate, optionalText, requiredId, teamRefSchema, urlList } from './common.js';
import { levelKindSchema } from './reference.js';

/** One attempt of a measured test as stored: a value in the unit, or shots made of shots taken. */
export const attemptSchema = z.union([
  z.number(),
  z.object({ made: z.number().int().min(0).max(1000), attempts: z.number().int().min(1).max(1000) }),
]);
/** An attempt as sent: also text with its unit ("11.04 s", "7/10"). */
export const attemptInput = z.union([attemptSchema, z.string().max(40)]);
/** Attempts of a measured test, tapped one by one on the sheet or the form. */
export const attemptsInput = z
  .array(attemptInput)
  .max(MAX_ATTEMPTS, { error: `At most ${MAX_ATTEMPTS} attempts.` })
  .nullish();

/** docs/product.md#data "Evaluation", plus the level it belongs to and whether it is the current one. */
export const evaluationSchema = z.object({
  id: z.number(),
  criteria: z.string(),
  criteria_id: z.number(),
  level: z.number(),
  level_name: z.string(),
  level_kind: levelKindSchema,
  score: z.number(),
  score_percentage: z.number(),
  /** '7/10' on 1–10 levels, 'Yes' / 'No' otherwise. */
  scoreLabel: z.string(),
  /** True on 1–10 ("Fundamentals"-type) levels. */
  isFundamentalLevel: z.boolean(),
  evaluator: z.number().nullable(),
  evaluator_name: z.string(),
  date: z.string(),
  notes: z.string(),
  video_links: z.array(z.string()),
  /** False for superseded evaluations (history). */
  is_current: z.boolean(),
  /** On a measured criterion: what was measured and how it became the points ("11.04 s → 9 points, U14 bands"). */
  measured: z
    .object({ value: z.number(), attempts: z.array(attemptSchema), unit: z.string(), basis: z.string(), label: z.string() })
    .nullable()
    .optional(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationPlayerSchema = z.object({
  id: z.number(),
  name: z.string(),
  profile_img: z.string().nullable(),
  /** The form previews a measured test's points by the age group of this birth year. */
  birth_year: z.number().nullable().optional(),
});

/** GET /api/player/{id}/evaluation: the current evaluations (newest first) and the player's total. */
export const playerEvaluationsSchema = z.object({
  player: evaluationPlayerSchema,
  totalScore: z.number(),
  evaluations: z.array(evaluationSchema),
  /** Number of superseded evaluations kept as history. */
  historyCount: z.number(),
  /** Present with ?history=1: the superseded evaluations, newest first. */
  history: z.array(evaluationSchema).optional(),
});
export type PlayerEvaluations = z.infer<typeof playerEvaluationsSchema>;

export const evaluationListQuerySchema = z.object({
  history: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const scoreLabel = (kind: LevelKind, score: number): string =>
  kind === 'yes_no' ? (score === YES ? 'Yes' : 'No') : `${score}/${SCALE_MAX}`;

/** What people and CSV files send as a score: a number, numeric text, or Yes/No. */
export const rawScore = z.union([z.number(), z.string().max(20), z.boolean()]).nullish();
export type RawScore = z.infer<typeof rawScore>;

const YES_TEXT = new Set(['yes', 'y', '1', 'true']);
const NO_TEXT = new Set(['no', 'n', '0', 'false']);

/**
 * The stored score for a raw value on a level of the given kind, or the message explaining why it is
 * not valid (docs/product.md#validation): 1–10 levels take a whole number 1 to 10, Yes/No levels take Yes/No (or 1/0).
 */
export function parseScore(kind: LevelKind, raw: RawScore): { score: number } | { error: string } {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return { error: MSG.required };
  // Points of a measured test come from its rule, never typed: parseMeasured reads its values.
  if (kind === 'measured') return { error: MSG.measuredNeedsValue };
  if (kind === 'yes_no') {
    const text = String(raw).trim().toLowerCase();
    if (YES_TEXT.has(text)) return { score: YES };
    if (NO_TEXT.has(text)) return { score: NO };
    return { error: 'Please choose Yes or No.' };
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(n) || n < SCALE_MIN || n > SCALE_MAX) return { error: MSG.number };
  return { score: n };
}

/**
 * The attempts of a measured test from what was sent: the `attempts` list (numbers, made/taken pairs or
 * text with units), else the `score` text ("11.3; 11.04 s", "7/10"). Range and count are checked by
 * attemptsProblem (scoring module) after this reads the values.
 */
export function parseMeasured(
  def: MeasureDefinition,
  name: string,
  raw: RawScore,
  attempts?: readonly (Attempt | string)[] | null,
): { attempts: Attempt[] } | { error: string } {
  const list: (Attempt | string)[] = attempts?.length
    ? [...attempts]
    : raw === undefined || raw === null || raw === ''
      ? []
      : [String(raw)];
  const out: Attempt[] = [];
  for (const a of list) {
    if (typeof a !== 'string') {
      out.push(a);
      continue;
    }
    const parsed = parseAttempts(def, name, a);
    if ('error' in parsed) return parsed;
    out.push(...parsed.attempts);
  }
  if (out.length === 0) return { error: `Enter the ${name} measurement.` };
  return { attempts: out };
}

export const EVALUATOR_NAME_MAX = 120;
export const EVALUATION_NOTES_MAX = 5000;

/**
 * POST /api/player/{id}/evaluation and its edit. `evaluator` is kept for API compatibility; the
 * stored evaluator user is always the signed-in user, `evaluator_name` is the name shown.
 */
export const evaluationSaveSchema = z.object({
  criteria_id: requiredId,
  evaluator: z.union([z.number(), z.string().max(EVALUATOR_NAME_MAX)]).nullish(),
  evaluator_name: optionalText(EVALUATOR_NAME_MAX),
  score: rawScore,
  notes: optionalText(EVALUATION_NOTES_MAX),
  video_links: urlList,
  date: isoDate.optional(),
  /** A measured criterion's attempts (or its value in `score`). */
  attempts: attemptsInput,
});
export type EvaluationSave = z.input<typeof evaluationSaveSchema>;

/** POST /api/team/{teamId}/evaluations: one criterion, a score for each listed player, one transaction. */
export const teamEvaluationsSaveSchema = z.object({
  criteria_id: requiredId,
  date: isoDate.optional(),
  evaluator_name: optionalText(EVALUATOR_NAME_MAX),
  scores: z
    .array(z.object({ player_id: requiredId, score: rawScore, notes: optionalText(EVALUATION_NOTES_MAX), attempts: attemptsInput }))
    .min(1, { error: 'Enter at least one score.' })
    .max(1000, { error: 'At most 1000 players at once.' }),
});
export type TeamEvaluationsSave = z.input<typeof teamEvaluationsSaveSchema>;

export const teamEvaluationsSavedSchema = z.object({ saved: z.number() });

export const bulkEvaluationResultSchema = z.object({ rows: z.number(), players: z.number() });
export type BulkEvaluationResult = z.infer<typeof bulkEvaluationResultSchema>;

/** GET /api/team/{teamId}/evaluations?criteria_id=: the courtside list, each player with their current score. */
export const teamEvaluationSheetSchema = z.object({
  team: teamRefSchema,
  players: z.array(
    evaluationPlayerSchema.extend({
      /** A measured test's points follow the age group in the evaluation's year: the sheet previews them offline. */
      birth_year: z.number().nullable().optional(),
      current: z
        .object({ score: z.number(), scoreLabel: z.string(), date: z.string(), measured: z.string().nullable().optional() })
        .nullable(),
    }),
  ),
});
export type TeamEvaluationSheet = z.infer<typeof teamEvaluationSheetSchema>;
export const teamEvaluationSheetQuerySchema = z.object({ criteria_id: idParam.optional() });

/** A 400 that names every failing entry: `errors[i].field` is like 'scores.3.score'. */
export const fieldErrorsBody = z.object({
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type FieldErrorsBody = z.infer<typeof fieldErrorsBody>;
