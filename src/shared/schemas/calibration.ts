import { z } from 'zod';
import { requiredId } from './common.js';
import { sessionCriterionSchema, sessionScoreEntrySchema, sessionStateSchema } from './eval-session.js';

/**
 * A calibration round before a tryout (docs/product.md#calibration): every evaluator scores the same 3–5
 * players, then sees how far they sit from the panel. Its scores never reach results or evaluations.
 */
export const CALIBRATION_MIN_PLAYERS = 3;
export const CALIBRATION_MAX_PLAYERS = 5;
const chooseMessage = `Choose ${CALIBRATION_MIN_PLAYERS} to ${CALIBRATION_MAX_PLAYERS} players for the calibration round.`;

/** The director's choice of players; an empty list ends the round (its scores go). */
export const calibrationPlayersSaveSchema = z.object({
  playerIds: z
    .array(requiredId, { error: chooseMessage })
    .max(CALIBRATION_MAX_PLAYERS, { error: chooseMessage })
    .refine((ids) => ids.length === 0 || ids.length >= CALIBRATION_MIN_PLAYERS, { error: chooseMessage })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Choose each player once.' }),
});
export type CalibrationPlayersSave = z.infer<typeof calibrationPlayersSaveSchema>;

export const calibrationScoresSaveSchema = z.object({
  entries: z
    .array(sessionScoreEntrySchema)
    .min(1)
    .max(CALIBRATION_MAX_PLAYERS * 50),
});

/** One distance from the panel, with its words ("1.8 points lower than the panel"). */
const offsetSchema = z.object({ offset: z.number().nullable(), words: z.string() });

export const calibrationFeedbackSchema = z.object({
  evaluatorId: z.number(),
  name: z.string(),
  /** Scores given of those the round asks for (players × criteria). */
  scored: z.number(),
  needed: z.number(),
  total: offsetSchema,
  criteria: z.array(offsetSchema.extend({ criterionId: z.number(), name: z.string() })),
});
export type CalibrationFeedback = z.infer<typeof calibrationFeedbackSchema>;

export const calibrationSchema = z.object({
  sessionId: z.number(),
  state: sessionStateSchema,
  /** The round takes scores while the session is a draft or open. */
  accepting: z.boolean(),
  criteria: z.array(sessionCriterionSchema),
  players: z.array(z.object({ playerId: z.number(), name: z.string(), bib: z.number().nullable() })),
  isEvaluator: z.boolean(),
  canManage: z.boolean(),
  /** The caller's own scores in the round. */
  myScores: z.array(z.object({ playerId: z.number(), criterionId: z.number(), score: z.number() })),
  /** The caller's own distance from the panel, once they have scored every player on every criterion. */
  mine: calibrationFeedbackSchema.nullable(),
  /** Every evaluator's, for those who run the session only. */
  panel: z.array(calibrationFeedbackSchema).nullable(),
});
export type Calibration = z.infer<typeof calibrationSchema>;
