import { z } from 'zod';
import { GOAL_DUE_SOON_DAYS } from '../goal-window.js';
import { MSG } from '../messages.js';
import { calendarDay, optionalText, requiredId, requiredText } from './common.js';
import { LEVEL_KINDS } from './reference.js';

/**
 * A development goal (docs/product.md#goals): one player, one criterion (or a free-text title), where the
 * player is now (baseline, from their current evaluation), a target level and a due date. States move
 * only from active, each move an event of the goal's history.
 */
export const GOAL_STATES = ['active', 'achieved', 'not_achieved', 'dropped', 'proposed', 'declined'] as const;
export type GoalStateName = (typeof GOAL_STATES)[number];
export const GOAL_STATE_WORDS: Record<GoalStateName, string> = {
  active: 'Active',
  achieved: 'Achieved',
  not_achieved: 'Not achieved',
  dropped: 'Dropped',
  proposed: 'Proposed',
  declined: 'Declined',
};
/** The states a coach moves an active goal to (achieved also comes by itself from an evaluation). */
export const GOAL_CLOSING_STATES = ['achieved', 'not_achieved', 'dropped'] as const;

/** Only an active goal changes state; a closed goal stays as it ended (its history says why). */
export const mayMoveGoal = (from: GoalStateName, to: GoalStateName): boolean =>
  from === 'active' && (GOAL_CLOSING_STATES as readonly GoalStateName[]).includes(to);

/**
 * A player's own proposal (docs/product.md#goals) waits as `proposed`, counted nowhere, until the coach
 * accepts it (→ active, the baseline taken then) or declines it with a reason (→ declined, kept).
 */
export const mayDecideProposal = (from: GoalStateName): boolean => from === 'proposed';

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
  notFocus: 'Choose one of the report’s things to work on.',
  onePerCriterion: 'Each thing to work on becomes one goal.',
  notInTeam: 'This player is not in the team.',
  noPlayers: 'Please choose at least one player.',
  notProposed: 'Only a proposed goal can be accepted or declined.',
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
  /** The player proposed it themself (accepted, declined or still waiting for the coach). */
  proposedByPlayer: z.boolean(),
  /** Why the coach declined the proposal (null unless declined). */
  declineReason: z.string().nullable(),
  /** Where the goal came from: an approved report's things to work on, or a goal set for a whole team. */
  source: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('report'), reportId: z.number(), cycleId: z.number(), teamId: z.number(), label: z.string() }),
      z.object({ kind: z.literal('team'), teamId: z.number(), label: z.string() }),
    ])
    .nullable(),
  events: z.array(goalEventSchema),
  checkIns: z.array(goalCheckInSchema),
  resources: z.array(goalResourceSchema),
});
export type Goal = z.infer<typeof goalSchema>;

/** A goal without its history, check-ins and resources: what a team's page lists. */
export const goalSummarySchema = goalSchema.omit({ events: true, checkIns: true, resources: true });
export type GoalSummary = z.infer<typeof goalSummarySchema>;

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
/** GET /api/player/:id/goal-criteria: what a player's proposal can name. */
export const goalCriteriaSchema = z.object({ criteria: z.array(goalCriterionOptionSchema) });
export type GoalCriteria = z.infer<typeof goalCriteriaSchema>;
export const goalSuggestionsSchema = z.object({ suggestions: z.array(goalSuggestionSchema), criteria: z.array(goalCriterionOptionSchema) });
export type GoalSuggestions = z.infer<typeof goalSuggestionsSchema>;

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), requiredId.nullable());
const targetField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number({ error: MSG.number }).min(0).max(10).nullable(),
);

/** POST /api/player/:id/goals (and a player's own POST /api/player/:id/goal-proposals): a criterion with a target, or a free-text title. */
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
  // No default here: an edit that leaves the description out keeps it (optionalText would default it to '').
  description: z
    .string()
    .trim()
    .max(GOAL_DESCRIPTION_MAX, { error: `At most ${GOAL_DESCRIPTION_MAX} characters.` })
    .optional(),
  visible_to_family: z.boolean().optional(),
});

export const goalStateChangeSchema = z.object({
  state: z.enum(GOAL_CLOSING_STATES, { error: 'Please choose achieved, not achieved or dropped.' }),
  note: optionalText(GOAL_NOTE_MAX),
});

/** POST /api/player/:id/goal/:goalId/decline: the reason is required, the player reads it. */
export const goalDeclineSchema = z.object({ reason: requiredText(GOAL_NOTE_MAX) });
export type GoalDecline = z.input<typeof goalDeclineSchema>;

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

/** One thing to work on of a report as the approve modal proposes it: the player's current score, a target one step up, a due date. */
export const reportGoalDraftSchema = z.object({
  criterionId: z.number(),
  criterion: z.string(),
  levelKind: z.enum(LEVEL_KINDS),
  score: z.number().nullable(),
  target: z.number(),
  dueOn: z.string(),
  description: z.string(),
});
export type ReportGoalDraft = z.infer<typeof reportGoalDraftSchema>;
/** GET /api/report/:id/goal-drafts; `existing`: goals already made from this report (a re-approved version makes none twice). */
export const reportGoalDraftsSchema = z.object({ drafts: z.array(reportGoalDraftSchema), existing: z.number() });
export type ReportGoalDrafts = z.infer<typeof reportGoalDraftsSchema>;

/** A goal confirmed in the approve modal: one of the report's things to work on, with the coach's target and due date. */
export const reportGoalSaveSchema = z.object({
  criterion_id: requiredId,
  target: targetField.refine((v) => v !== null, { message: goalMessages.targetNeeded }),
  due_on: calendarDay,
  description: optionalText(GOAL_DESCRIPTION_MAX),
  visible_to_family: z.boolean().default(true),
});
/** POST /api/report/:id/approve: approving, and the things to work on the coach confirmed as goals (none: approve only). */
export const reportApproveSchema = z
  .object({ goals: z.array(reportGoalSaveSchema).max(3).default([]) })
  .superRefine((v, ctx) => {
    const ids = v.goals.map((g) => g.criterion_id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        ctx.addIssue({ code: 'custom', path: ['goals', i, 'criterion_id'], message: goalMessages.onePerCriterion });
    });
  })
  // No body at all (a plain approve) is approving without goals.
  .nullish();
export type ReportApprove = z.input<typeof reportApproveSchema>;

/** At most this many players get one team goal in one request (a team's roster is far smaller). */
export const TEAM_GOAL_PLAYERS_MAX = 200;

/** POST /api/team/:id/goals: one goal for many players of the team (none named: every player), each getting their own copy. */
export const teamGoalCreateSchema = z
  .object({
    criterion_id: optionalId.default(null),
    title: optionalText(GOAL_TITLE_MAX),
    target: targetField.default(null),
    due_on: calendarDay,
    description: optionalText(GOAL_DESCRIPTION_MAX),
    visible_to_family: z.boolean().default(true),
    player_ids: z.array(requiredId).min(1, { error: goalMessages.noPlayers }).max(TEAM_GOAL_PLAYERS_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.criterion_id === null && !v.title) ctx.addIssue({ code: 'custom', path: ['title'], message: goalMessages.criterionOrTitle });
    if (v.criterion_id !== null && v.target === null)
      ctx.addIssue({ code: 'custom', path: ['target'], message: goalMessages.targetNeeded });
  });
export type TeamGoalCreate = z.input<typeof teamGoalCreateSchema>;

export const teamGoalResultSchema = z.object({
  created: z.number(),
  /** Players left out, each with why (never skipped in silence): already at the target. */
  skipped: z.array(z.object({ playerId: z.number(), player: z.string(), reason: z.string() })),
});
export type TeamGoalResult = z.infer<typeof teamGoalResultSchema>;

/**
 * The team goals view's filters (the dashboard's counts link to them, `?filter=`): the same rules the
 * server counts with (goals.repository teamGoalCounts), so a count and its list agree.
 */
export const TEAM_GOAL_FILTERS = ['active', 'due', 'achieved', 'none'] as const;
export type TeamGoalFilter = (typeof TEAM_GOAL_FILTERS)[number];
/** "Due soon": active goals due within this many days from today. */
export { GOAL_DUE_SOON_DAYS };
/** The last day of "due soon" counted from a calendar day (the caller's today). */
export const dueSoonBy = (today: string): string =>
  new Date(Date.parse(`${today}T00:00:00Z`) + GOAL_DUE_SOON_DAYS * 86_400_000).toISOString().slice(0, 10);
export const TEAM_GOAL_FILTER_WORDS: Record<TeamGoalFilter, string> = {
  active: 'Active goals',
  due: `Due in the next ${GOAL_DUE_SOON_DAYS} days`,
  achieved: 'Achieved since the last report cycle',
  none: 'Players without an active goal',
};
export function goalMatches(
  filter: Exclude<TeamGoalFilter, 'none'>,
  g: Pick<Goal, 'state' | 'dueOn' | 'stateChangedAt'>,
  window: { today: string; dueBy: string; achievedSince: string | null },
): boolean {
  if (filter === 'active') return g.state === 'active';
  if (filter === 'due') return g.state === 'active' && g.dueOn >= window.today && g.dueOn <= window.dueBy;
  return g.state === 'achieved' && (window.achievedSince === null || g.stateChangedAt >= window.achievedSince);
}

/** GET /api/team/:id/goals: every goal of the team's players, by player, with the window the filters use. */
export const teamGoalsSchema = z.object({
  team: z.object({ id: z.number(), name: z.string() }),
  today: z.string(),
  dueBy: z.string(),
  /** When the team's last report cycle closed (achieved goals count from then); null: no cycle closed yet. */
  achievedSince: z.string().nullable(),
  players: z.array(z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), goals: z.array(goalSummarySchema) })),
});
export type TeamGoals = z.infer<typeof teamGoalsSchema>;
