import { z } from 'zod';

/** The relative-age view of a session or a draft (docs/product.md#relative-age). */

/** GET /api/eval-session/{id}/relative-age: the top N of the results count as selected (default: half of the scored players). */
export const TOP_MAX = 10_000;
export const sessionRelativeAgeQuerySchema = z.object({
  top: z.coerce
    .number({ error: 'Enter how many players count as selected (a whole number from 1).' })
    .int({ error: 'Enter how many players count as selected (a whole number from 1).' })
    .min(1, { error: 'Enter how many players count as selected (a whole number from 1).' })
    .max(TOP_MAX, { error: `At most ${TOP_MAX}.` })
    .optional(),
});

const quarterRowSchema = z.object({
  quarter: z.number(),
  label: z.string(),
  candidates: z.number(),
  selected: z.number(),
  expected: z.number(),
  rate: z.number().nullable(),
});

const adjustedRowSchema = z.object({
  player_id: z.number(),
  name: z.string(),
  birth_date: z.string(),
  selected: z.boolean(),
  score: z.number(),
  /** What the player's age in days predicts within their birth year; null when too few share it. */
  predicted: z.number().nullable(),
  residual: z.number().nullable(),
  rank: z.number(),
  adjusted_rank: z.number().nullable(),
});

export const relativeAgeSchema = z.object({
  /** The session's N (the one asked, or the default); null on a draft. */
  top: z.number().nullable(),
  /** What "selected" means here, in words ("the top 12 of the results", "placed on a team"). */
  selection: z.string(),
  /** Candidates with a birth date (the only ones counted). */
  candidates: z.number(),
  selected: z.number(),
  /** Candidates without a birth date, left out. */
  missing: z.number(),
  quarters: z.array(quarterRowSchema),
  chi_square: z.number().nullable(),
  df: z.number().nullable(),
  p: z.number().nullable(),
  ratio: z.number().nullable(),
  small_sample: z.boolean(),
  sentence: z.string(),
  verdict: z.string(),
  /** Scored candidates with a birth date, best residual first (players without a line last). */
  adjusted: z.array(adjustedRowSchema),
});
export type RelativeAge = z.infer<typeof relativeAgeSchema>;
