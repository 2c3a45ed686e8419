import { z } from 'zod';
import { MSG } from '../messages.js';
import { calendarDay, optionalText, requiredId, requiredText } from './common.js';
import { LEVEL_KINDS } from './reference.js';

/**
 * A development goal (docs/product.md#goals): one player, one criterion (or a free-text title), where the
 * player is now (baseline, from their current evaluation), a target level and a due date. States move
 * only from active, each move an event of the goal's history.
 */
export const GOAL_STATES = ['active', 'achieved', 'not_achieved', 'dropped'] as const;
export type GoalStateName = (typeof GOAL_STATES)[number];
export const GOAL_STATE_WORDS: Record<GoalStateName, string> = {
  active: 'Active',
  achieved: 'Achieved',
  not_achieved: 'Not achieved',
  dropped: 'Dropped',
};
/** The states a coach moves an active goal to (achieved also comes by itself from an evaluation). */
export const GOAL_CLOSING_STATES = ['achieved', 'not_achieved', 'dropped'] as const;

/** Only an active goal changes state; a closed goal stays as it ended (its history says why). */
export const mayMoveGoal = (from: GoalStateName, to: GoalStateName): boolean => from === 'active' && to !== 'active';

export const GOAL_TITLE_MAX = 200;
export const GOAL_DESCRIPTION_MAX = 2000;
export const GOAL_NOTE_MAX = 500;
export const PRACTICE_MAX = 10_000;

export const goalMessages = {
  criterionOrTitle: 'Please choose a criterion or describe the goal.',
  targetNeeded: 'Please enter a target level.',
  targetAbove: (now: string) => `The target must be above the current level (${now}).`,
  dueInPast: 'The due date cannot be in the past.',
  notActive: 'Only an active goal can change state.',
  notFound: 'This goal does not exist.',
  futureCheckIn: 'The date cannot be in the future.',
} as const;

const progress = z.enum(['improved', 'no_change', 'declined']);

export const goalEventSchema = z.object({
  id: z.number(),
  kind: z.enum(['created', 'state', 'edited', 'progress']),
  fromState: z.enum(GOAL_STATES).nullable(),
  toState: z.enum(GOAL_STATES).nullable(),
  score: z.number().nullable(),
  note: z.string(),
  by: z.string(),
  at: z.string(),
});
export type GoalEvent = z.infer<typeof goalEventSchema>;

export const goalCheckInSchema = z.object({
  id: z.number(),
  date: z.string(),
  note: z.string(),
  practiceCount: z.number().nullable(),
  by: z.string(),
  byPlayer: z.boolean(),
});
export type GoalCheckIn = z.infer<typeof goalCheckInSchema>;

export const goalResourceSchema = z.object({ id: z.number(), title: z.string(), category: z.string(), links: z.array(z.string()) });

export const goalSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  criterionId: z.number().nullable(),
  /** The criterion's name, or the free-text title. */
  title: z.string(),
  levelKind: z.enum(LEVEL_KINDS).nullable(),
  description: z.string(),
  baseline: z.number().nullable(),
  baselineOn: z.string().nullable(),
  target: z.number().nullable(),
  latest: z.number().nullable(),
  latestOn: z.string().nullable(),
  /** Baseline → latest against the criterion's smallest worthwhile change; null before a new evaluation. */
  progress: progress.nullable(),
  /** The smallest worthwhile change used (null: too few scores in the club to know). */
  swc: z.number().nullable(),
  dueOn: z.string(),
  visibleToFamily: z.boolean(),
  state: z.enum(GOAL_STATES),
  stateChangedAt: z.string(),
  createdAt: z.string(),
  events: z.array(goalEventSchema),
  checkIns: z.array(goalCheckInSchema),
  resources: z.array(goalResourceSchema),
});
export type Goal = z.infer<typeof goalSchema>;

export const goalListSchema = z.object({ goals: z.array(goalSchema) });
export type GoalList = z.infer<typeof goalListSchema>;

/** The family portal: only goals marked visible, and only while the reports consent holds. */
export const familyGoalsSchema = z.object({ goals: z.array(goalSchema), hidden: z.enum(['noConsent']).nullable() });
export type FamilyGoals = z.infer<typeof familyGoalsSchema>;

export const goalSuggestionSchema = z.object({
  criterionId: z.number(),
  criterion: z.string(),
  levelKind: z.enum(LEVEL_KINDS),
  score: z.number(),
  teamMean: z.number(),
  target: z.number(),
  dueOn: z.string(),
});
export type GoalSuggestion = z.infer<typeof goalSuggestionSchema>;
export const goalCriterionOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  levelKind: z.enum(LEVEL_KINDS),
  score: z.number().nullable(),
});
export const goalSuggestionsSchema = z.object({ suggestions: z.array(goalSuggestionSchema), criteria: z.array(goalCriterionOptionSchema) });
export type GoalSuggestions = z.infer<typeof goalSuggestionsSchema>;

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), requiredId.nullable());
const targetField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number({ error: MSG.number }).min(0).max(10).nullable(),
);

/** POST /api/player/:id/goals: a criterion with a target, or a free-text title. */
export const goalCreateSchema = z
  .object({
    criterion_id: optionalId.default(null),
    title: optionalText(GOAL_TITLE_MAX),
    target: targetField.default(null),
    due_on: calendarDay,
    description: optionalText(GOAL_DESCRIPTION_MAX),
    visible_to_family: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.criterion_id === null && !v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: goalMessages.criterionOrTitle });
    if (v.criterion_id !== null && v.target === null)
      ctx.addIssue({ code: 'custom', path: ['target'], message: goalMessages.targetNeeded });
  });
export type GoalCreate = z.input<typeof goalCreateSchema>;

/** POST /api/player/:id/goal/:goalId: what a coach may change of a goal (its criterion and baseline stay). */
export const goalUpdateSchema = z.object({
  target: targetField.optional(),
  due_on: calendarDay.optional(),
  description: optionalText(GOAL_DESCRIPTION_MAX).optional(),
  visible_to_family: z.boolean().optional(),
});

export const goalStateChangeSchema = z.object({
  state: z.enum(GOAL_CLOSING_STATES, { error: 'Please choose achieved, not achieved or dropped.' }),
  note: optionalText(GOAL_NOTE_MAX),
});

export const goalCheckInSaveSchema = z.object({
  note: requiredText(GOAL_NOTE_MAX),
  practice_count: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number({ error: MSG.number }).int({ error: MSG.number }).min(0, { error: MSG.number }).max(PRACTICE_MAX).nullable(),
    )
    .default(null),
  date: calendarDay.optional(),
});
export type GoalCheckInSave = z.input<typeof goalCheckInSaveSchema>;
