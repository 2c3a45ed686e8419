import { z } from 'zod';
import { SCALE_MAX } from '../constants.js';
import { SESSION_MIN_EVALUATORS } from '../scoring.js';
import { emailField, isoDate, MAX_ID, NAME_MAX, personNameFields, refFields, requiredId, requiredText } from './common.js';
import { measureOutSchema } from './criterion.js';
import { attemptSchema, attemptsInput } from './evaluation.js';
import { levelKindSchema } from './reference.js';

/** Evaluation sessions: tryouts and assessments scored by several evaluators (docs/product.md#sessions). */
export const SESSION_STATES = ['draft', 'open', 'closed', 'published'] as const;
export const sessionStateSchema = z.enum(SESSION_STATES);
export type SessionState = z.infer<typeof sessionStateSchema>;

/**
 * What publishing writes (docs/product.md#fair-evaluations): the session's means (`raw`, the default) or
 * the fair scores, evaluators' severity taken out (`fair`).
 */
export const PUBLISH_BASES = ['raw', 'fair'] as const;
export const publishBasisSchema = z.enum(PUBLISH_BASES, { error: 'Choose raw or fair scores.' });
export type PublishBasis = z.infer<typeof publishBasisSchema>;
export const publishBasisSaveSchema = z.object({ basis: publishBasisSchema });
export type PublishBasisSave = z.infer<typeof publishBasisSaveSchema>;

export const SESSION_NAME_MAX = 100;
export const SESSION_MAX_EVALUATORS = 20;
export const BIB_MAX = 9999;
export const SCORE_BATCH_MAX = 500;

const weightsSumTo100 = (list: readonly { weight: number }[]) => Math.abs(list.reduce((a, c) => a + c.weight, 0) - 100) < 0.01;

export const sessionCriterionInputSchema = z.object({
  criterionId: requiredId,
  weight: z.coerce
    .number({ error: 'Enter a weight from 0 to 100.' })
    .min(0, { error: 'Enter a weight from 0 to 100.' })
    .max(100, { error: 'Enter a weight from 0 to 100.' }),
});

export const sessionSaveSchema = z
  .object({
    name: requiredText(SESSION_NAME_MAX),
    categoryId: requiredId.nullable().default(null),
    seasonId: requiredId.nullable().default(null),
    startDate: isoDate,
    endDate: isoDate,
    minEvaluators: z.coerce
      .number()
      .int({ error: `Enter a whole number from 1 to ${SESSION_MAX_EVALUATORS}.` })
      .min(1, { error: `Enter a whole number from 1 to ${SESSION_MAX_EVALUATORS}.` })
      .max(SESSION_MAX_EVALUATORS, { error: `Enter a whole number from 1 to ${SESSION_MAX_EVALUATORS}.` })
      .default(SESSION_MIN_EVALUATORS),
    criteria: z.array(sessionCriterionInputSchema).min(1, { error: 'Choose at least one criterion.' }).max(100),
  })
  .superRefine((s, ctx) => {
    if (s.endDate < s.startDate) ctx.addIssue({ code: 'custom', message: 'The last day cannot be before the first.', path: ['endDate'] });
    if (new Set(s.criteria.map((c) => c.criterionId)).size !== s.criteria.length) {
      ctx.addIssue({ code: 'custom', message: 'Each criterion can be chosen once.', path: ['criteria'] });
    } else if (s.criteria.length && !weightsSumTo100(s.criteria)) {
      ctx.addIssue({ code: 'custom', message: 'The weights must add up to 100.', path: ['criteria'] });
    }
  });
export type SessionSaveInput = z.input<typeof sessionSaveSchema>;
export type SessionSave = z.output<typeof sessionSaveSchema>;

export const sessionCriterionSchema = z.object({
  criterionId: z.number(),
  name: z.string(),
  levelName: z.string(),
  kind: levelKindSchema,
  weight: z.number(),
  /** A measured criterion's test and points rule: the sheet takes its attempts and previews the points. */
  measure: measureOutSchema.nullable().optional(),
});
export type SessionCriterionInfo = z.infer<typeof sessionCriterionSchema>;

export const sessionSchema = z.object({
  ...refFields,
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  seasonId: z.number().nullable(),
  seasonName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  minEvaluators: z.number(),
  state: sessionStateSchema,
  resultsUnlocked: z.boolean(),
  publishBasis: publishBasisSchema,
  /** Shown to those who run sessions while the session is open; null otherwise. */
  guestCode: z.string().nullable(),
  playerCount: z.number(),
  presentCount: z.number(),
  evaluatorCount: z.number(),
  criteria: z.array(sessionCriterionSchema),
  /** The viewer runs sessions (sessions write). */
  canManage: z.boolean(),
  /** The viewer is one of its evaluators. */
  isEvaluator: z.boolean(),
});
export type EvalSession = z.infer<typeof sessionSchema>;

export const sessionPlayerSchema = z.object({
  playerId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  photo: z.string().nullable(),
  bib: z.number().nullable(),
  present: z.boolean(),
  walkUp: z.boolean(),
});
export type SessionPlayer = z.infer<typeof sessionPlayerSchema>;

export const sessionEvaluatorSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  name: z.string(),
  guest: z.boolean(),
  /** A guest waits until the director admits them; staff are admitted. */
  admitted: z.boolean(),
  /** The director left this evaluator's scores out of the results. */
  excluded: z.boolean(),
  /** Players this evaluator has scored on every criterion. */
  playersDone: z.number(),
});
export type SessionEvaluator = z.infer<typeof sessionEvaluatorSchema>;

export const sessionDetailSchema = z.object({
  session: sessionSchema,
  players: z.array(sessionPlayerSchema),
  evaluators: z.array(sessionEvaluatorSchema),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

export const sessionPlayersAddSchema = z
  .object({ teamIds: z.array(requiredId).max(200).default([]), playerIds: z.array(requiredId).max(5000).default([]) })
  .refine((b) => b.teamIds.length + b.playerIds.length > 0, { error: 'Choose a team or a player.', path: ['teamIds'] });
export type SessionPlayersAdd = z.input<typeof sessionPlayersAddSchema>;

/** A player who turns up on the day without a record yet. */
export const walkUpSchema = z.object({
  ...personNameFields,
  email: emailField,
  bib: z.coerce.number().int().min(1).max(BIB_MAX).nullable().default(null),
  /** The team a new walk-up joins; a director who reaches only their own teams must choose one of them. */
  teamId: requiredId.nullable().default(null),
});
export type WalkUpInput = z.input<typeof walkUpSchema>;

const bibField = z.coerce
  .number({ error: `Enter a number from 1 to ${BIB_MAX}.` })
  .int({ error: `Enter a number from 1 to ${BIB_MAX}.` })
  .min(1, { error: `Enter a number from 1 to ${BIB_MAX}.` })
  .max(BIB_MAX, { error: `Enter a number from 1 to ${BIB_MAX}.` });

export const checkInSchema = z.object({ present: z.boolean(), bib: bibField.nullable().default(null) });
export type CheckIn = z.input<typeof checkInSchema>;

export const evaluatorAddSchema = z.object({ userId: requiredId });
/** Leave an evaluator's scores out of the results (true) or count them again (false). */
export const evaluatorExcludeSchema = z.object({ excluded: z.boolean() });

/** A staff user the director may assign; the e-mail only for those who may read users (user management 1). */
export const evaluatorOptionSchema = z.object({ ...refFields, email: z.string().nullable() });
export type EvaluatorOption = z.infer<typeof evaluatorOptionSchema>;

/** A session player's row on the progress board: how many evaluators have scored them on every criterion. */
export const sessionProgressRowSchema = sessionPlayerSchema
  .pick({ playerId: true, firstName: true, lastName: true, bib: true, present: true })
  .extend({ evaluatorsDone: z.number(), complete: z.boolean() });
export const sessionProgressSchema = z.object({
  minEvaluators: z.number(),
  complete: z.number(),
  total: z.number(),
  rows: z.array(sessionProgressRowSchema),
});
export type SessionProgress = z.infer<typeof sessionProgressSchema>;

export const sessionCellSchema = z.object({
  criterionId: z.number(),
  mean: z.number().nullable(),
  percentage: z.number(),
  evaluators: z.number(),
  outliers: z.array(z.number()),
  /** A measured criterion: the evaluators' mean value and its points, "11.04 s → 9 points, U14 bands". */
  measured: z.string().optional(),
});
/** A progress row (without the check-in) with its results. */
export const sessionResultRowSchema = sessionProgressRowSchema.omit({ present: true }).extend({
  total: z.number().nullable(),
  rank: z.number().nullable(),
  cells: z.array(sessionCellSchema),
});
export const sessionResultsSchema = z.object({
  minEvaluators: z.number(),
  criteria: z.array(sessionCriterionSchema),
  evaluators: z.array(z.object({ ...refFields, guest: z.boolean(), excluded: z.boolean() })),
  rows: z.array(sessionResultRowSchema),
});
export type SessionResults = z.infer<typeof sessionResultsSchema>;
export type SessionResultRow = z.infer<typeof sessionResultRowSchema>;

/** One player's scores by evaluator (the results' drill-down). */
export const sessionPlayerScoresSchema = z.object({
  playerId: z.number(),
  scores: z.array(
    z.object({
      evaluatorId: z.number(),
      evaluatorName: z.string(),
      /** Guests are marked wherever scores are shown. */
      guest: z.boolean(),
      /** Left out of the results by the director. */
      excluded: z.boolean(),
      criterionId: z.number(),
      score: z.number(),
      /** A measured criterion: the value this evaluator kept, with its unit. */
      measured: z.string().optional(),
      outlier: z.boolean(),
    }),
  ),
});
export type SessionPlayerScores = z.infer<typeof sessionPlayerScoresSchema>;

export const publishResultSchema = z.object({ published: z.number(), incomplete: z.number(), evaluations: z.number() });

/** An evaluator's sheet: the session's criteria, its players and the evaluator's own scores, nobody else's. */
export const sessionSheetSchema = z.object({
  session: z.object({ ...refFields, state: sessionStateSchema, criteria: z.array(sessionCriterionSchema) }),
  evaluator: z.object({ ...refFields, guest: z.boolean() }),
  players: z.array(
    z.object({ playerId: z.number(), name: z.string(), photo: z.string().nullable(), bib: z.number().nullable(), present: z.boolean() }),
  ),
  scores: z.array(
    z.object({
      playerId: z.number(),
      criterionId: z.number(),
      score: z.number(),
      /** A measured criterion: the attempts this evaluator entered. */
      attempts: z.array(attemptSchema).optional(),
    }),
  ),
});
export type SessionSheet = z.infer<typeof sessionSheetSchema>;

export const sessionScoreEntrySchema = z.object({
  playerId: z.number().int().positive().max(MAX_ID),
  criterionId: z.number().int().positive().max(MAX_ID),
  /** Points on a 1–10 or Yes/No criterion; a measured one takes `attempts` instead. */
  score: z.number().min(0).max(SCALE_MAX).optional(),
  /** A measured criterion's attempts (numbers, made/taken pairs or text with units, "11.04 s", "7/10"). */
  attempts: attemptsInput,
});
export const sessionScoresSaveSchema = z.object({ entries: z.array(sessionScoreEntrySchema).min(1).max(SCORE_BATCH_MAX) });
export type SessionScoreEntry = z.infer<typeof sessionScoreEntrySchema>;
export const sessionScoreOutcomeSchema = z.object({
  playerId: z.number(),
  criterionId: z.number(),
  status: z.enum(['saved', 'refused']),
  reason: z.string().optional(),
});
export const sessionScoresResultSchema = z.array(sessionScoreOutcomeSchema);

export const GUEST_CODE_LENGTH = 8;
export const tryoutJoinSchema = z.object({
  code: z
    .string({ error: 'Enter the session code.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}-?[A-Z0-9]{4}$/, { error: 'Enter the 8-character session code.' })
    .transform((c) => c.replace('-', '')),
  name: requiredText(NAME_MAX),
});
export type TryoutJoin = z.input<typeof tryoutJoinSchema>;
/** A guest's token; they score once the director admits them. */
export const tryoutJoinResultSchema = z.object({ token: z.string(), name: z.string(), admitted: z.boolean() });
export const tryoutStatusSchema = z.object({ name: z.string(), sessionName: z.string(), admitted: z.boolean() });
export type TryoutStatus = z.infer<typeof tryoutStatusSchema>;
/** Leaving ends the token on the server; the body is an empty object. */
export const tryoutLeaveSchema = z.object({}).strict();

/** Guests send their token in this header (not a cookie: nothing a cross-site page could send for them). */
export const TRYOUT_TOKEN_HEADER = 'x-tryout-token';
