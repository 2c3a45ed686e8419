import { z } from 'zod';
import { DEFAULT_PERIOD_FROM, DEFAULT_PERIOD_TO, LEADERBOARD_PAGE_SIZE } from '../constants.js';
import { DIRECTIONS, MEASURE_UNITS } from '../measured.js';
import { PUBLIC_PERIODS, type PublicPeriod } from '../public-board.js';
import { idParam, isoDate, MAX_ID, pageFields, refFields, teamRefSchema } from './common.js';
import { cursorParam } from './cursor.js';

export { PUBLIC_PERIODS, publicPeriodStart, type PublicPeriod } from '../public-board.js';

/**
 * Leaderboards (staff, player area, public), the analysis summaries and the API's
 * /api/player_evaluations and /api/team_evaluations reads.
 */

/** Answer of the public boards when the admin turned them off (settings: public_leaderboard_names). */
export const PUBLIC_BOARD_OFF = 'The public leaderboard is turned off by the club.';

export const LEADERBOARD_MAX_PAGE_SIZE = 200;

const optionalId = idParam.optional();

/** "1,2,3" → [1, 2, 3]; empty → undefined (all criteria). */
const criteriaList = z
  .string()
  .max(2000)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const ids = v.split(',').map((s) => Number(s.trim()));
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: 'criteria must be a comma-separated list of ids.' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

const period = {
  criteria: criteriaList,
  from: isoDate.optional(),
  to: isoDate.optional(),
};
const checkPeriod = (q: { from?: string | undefined; to?: string | undefined }) =>
  (q.from ?? DEFAULT_PERIOD_FROM) <= (q.to ?? DEFAULT_PERIOD_TO);
const periodError = { error: 'The start of the period must not be after its end.', path: ['from'] };

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LEADERBOARD_MAX_PAGE_SIZE).default(LEADERBOARD_PAGE_SIZE),
  /** "Find me": filters the rows by name; ranks stay those of the whole board. */
  q: z.string().trim().max(100).optional(),
};

export const playersBoardQuery = z.object({ team_id: optionalId, ...period, ...paging }).refine(checkPeriod, periodError);
export type PlayersBoardQuery = z.infer<typeof playersBoardQuery>;

export const teamsBoardQuery = z
  .object({
    category: optionalId,
    ...period,
    /** At most this many teams, and the cursor to the rest in `next`; without it the whole board (ADR 0023). */
    limit: z.coerce.number().int().min(1).max(LEADERBOARD_MAX_PAGE_SIZE).optional(),
    /** The `next` of the page before: [average score, team id] of its last row. */
    after: cursorParam(['number', 'number']).optional(),
  })
  .refine(checkPeriod, periodError);
export type TeamsBoardQuery = z.infer<typeof teamsBoardQuery>;

const publicFilter = {
  period: z.enum(Object.keys(PUBLIC_PERIODS) as [PublicPeriod, ...PublicPeriod[]]).default('all'),
  /** A level: its criteria only. */
  level: optionalId,
};
export const publicBoardQuery = z.object({
  view: z.enum(['players', 'teams']).default('players'),
  category: optionalId,
  ...publicFilter,
  ...paging,
});
export const publicTeamBoardQuery = z.object({ ...publicFilter, ...paging });

/** A player as the boards, the analysis and the evaluation reads show them: id, name and photo. */
const playerFace = { id: z.number(), first_name: z.string(), last_name: z.string(), profile_img: z.string().nullable() };

export const boardPlayerRow = z.object({
  rank: z.number(),
  ...playerFace,
  totalScore: z.number(),
  teamIds: z.array(z.number()),
  /** User ids of the coaches of the player's teams (the API's coachUser, one per team). */
  coachUser: z.array(z.number()),
});
export type BoardPlayerRow = z.infer<typeof boardPlayerRow>;

/** Where the signed-in player stands on this board (null for staff or when not on it). */
export const boardMe = z.object({ id: z.number(), rank: z.number(), totalScore: z.number(), page: z.number() }).nullable();

export const playersBoard = z.object({
  rows: z.array(boardPlayerRow),
  ...pageFields,
  me: boardMe,
  team: teamRefSchema.nullable(),
});
export type PlayersBoard = z.infer<typeof playersBoard>;

export const boardTeamRow = z.object({
  rank: z.number(),
  ...refFields,
  coachName: z.string(),
  coachUser: z.number(),
  playerCount: z.number(),
  averageScore: z.number(),
});
export type BoardTeamRow = z.infer<typeof boardTeamRow>;

/** Public rows: names per the admin setting, score and rank; nothing else (photos need sign-in: ADR 0004). */
export const publicPlayerRow = boardPlayerRow.pick({ rank: true, id: true, first_name: true, last_name: true, totalScore: true });
export type PublicPlayerRow = z.infer<typeof publicPlayerRow>;
export const publicTeamRow = boardTeamRow.pick({
  rank: true,
  id: true,
  name: true,
  coachName: true,
  playerCount: true,
  averageScore: true,
});
export type PublicTeamRow = z.infer<typeof publicTeamRow>;

export const publicPlayersBoard = z.object({
  rows: z.array(publicPlayerRow),
  ...pageFields,
  team: teamRefSchema.nullable(),
});
export type PublicPlayersBoard = z.infer<typeof publicPlayersBoard>;

export const publicBoard = z.union([
  publicPlayersBoard.extend({ view: z.literal('players') }),
  z.object({ view: z.literal('teams'), rows: z.array(publicTeamRow) }),
]);
export type PublicBoard = z.infer<typeof publicBoard>;

/** Criteria for the leaderboard's criteria modal (level, then criteria). */
export const boardCriteria = z.array(z.object({ ...refFields, criteria: z.array(z.object(refFields)) }));
export type BoardCriteria = z.infer<typeof boardCriteria>;

// Analysis landing lists

export const analysisPlayersQuery = z.object({ team_id: optionalId, ...paging });
export const analysisPlayer = z.object({ ...playerFace, email: z.string() });
export type AnalysisPlayer = z.infer<typeof analysisPlayer>;
export const analysisPlayers = z.object({ rows: z.array(analysisPlayer), ...pageFields });
export type AnalysisPlayers = z.infer<typeof analysisPlayers>;

export const analysisTeamsQuery = z.object({ category: optionalId });
export const analysisTeam = z.object({
  ...refFields,
  category: z.string(),
  categoryId: z.number(),
  season: z.string(),
  coachName: z.string(),
  coachUser: z.number(),
  playerCount: z.number(),
});
export type AnalysisTeam = z.infer<typeof analysisTeam>;

// Analysis summaries

export const timelinePoint = z.object({ date: z.string(), score: z.number() });
export type TimelinePoint = z.infer<typeof timelinePoint>;

export const criterionComparison = z.object({
  ...refFields,
  level: z.string(),
  weight: z.number(),
  /** null when the player has no current evaluation on it. */
  score: z.number().nullable(),
  teamAverage: z.number().nullable(),
});
export const levelComparison = z.object({
  ...refFields,
  maxScore: z.number(),
  score: z.number(),
  teamAverage: z.number().nullable(),
});
/**
 * Real progress (docs/product.md#analysis): the word, and the smallest worthwhile change it was judged
 * against — in points from the club's spread, or in a measured test's unit from its typical error.
 */
export const changeProgress = z.object({
  progress: z.enum(['improved', 'no_change', 'declined']),
  /** null: too few players scored to say, so any change counts as it is. */
  swc: z.number().nullable(),
  swcSource: z.enum(['spread', 'typical_error']),
});
export type ChangeProgress = z.infer<typeof changeProgress>;
const measureFace = { unit: z.enum(MEASURE_UNITS), decimals: z.number(), direction: z.enum(DIRECTIONS) };

export const latestChange = z.object({
  id: z.number(),
  date: z.string(),
  criterion: z.string(),
  level: z.string(),
  score: z.number(),
  previous: z.number().nullable(),
  evaluator: z.string(),
  /** null for a criterion's first evaluation. */
  progress: changeProgress.nullable(),
  /** A measured criterion's value before and after, in its unit. */
  measured: z.object({ ...measureFace, value: z.number(), previous: z.number().nullable() }).nullable(),
});
export type LatestChange = z.infer<typeof latestChange>;

/** One measured criterion of the player over time, oldest first, current and history evaluations. */
export const measuredSeries = z.object({
  criterionId: z.number(),
  name: z.string(),
  ...measureFace,
  /** The test's smallest worthwhile change in its unit (see changeProgress). */
  swc: z.number().nullable(),
  swcSource: z.enum(['spread', 'typical_error']),
  points: z.array(
    z.object({
      id: z.number(),
      date: z.string(),
      value: z.number(),
      points: z.number(),
      /** "11.04 s → 9 points, U14 bands". */
      label: z.string(),
      /** Value minus the previous value (null for the first). */
      change: z.number().nullable(),
      progress: z.enum(['improved', 'no_change', 'declined']).nullable(),
    }),
  ),
});
export type MeasuredSeries = z.infer<typeof measuredSeries>;

export const playerAnalysisQuery = z.object({ team_id: optionalId });
export const playerAnalysis = z.object({
  player: z.object({
    ...playerFace,
    /** The player's teams the viewer can reach: the "Compare with team" choices. */
    teams: z.array(teamRefSchema),
  }),
  /** The team the averages compare against (the chosen or first reachable team), null without one. */
  team: teamRefSchema.extend({ playerCount: z.number() }).nullable(),
  totalScore: z.number(),
  rankInTeam: z.number().nullable(),
  timeline: z.array(timelinePoint),
  levels: z.array(levelComparison),
  criteria: z.array(criterionComparison),
  latestChanges: z.array(latestChange),
  measured: z.array(measuredSeries),
});
export type PlayerAnalysis = z.infer<typeof playerAnalysis>;

export const distributionBucket = z.object({ label: z.string(), from: z.number(), to: z.number(), players: z.number() });
export const teamAnalysis = z.object({
  team: analysisTeam.omit({ categoryId: true }),
  averageScore: z.number(),
  timeline: z.array(timelinePoint),
  criteria: z.array(criterionComparison.omit({ score: true })),
  distribution: z.array(distributionBucket),
  ranking: z.array(boardPlayerRow.pick({ rank: true, id: true, first_name: true, last_name: true, profile_img: true, totalScore: true })),
});
export type TeamAnalysis = z.infer<typeof teamAnalysis>;

// docs/product.md#data "Team evaluation row" reads

export const evaluationItem = z.object({
  id: z.number(),
  criteria_id: z.number(),
  criteria: z.string(),
  level_name: z.string(),
  score: z.number(),
  score_percentage: z.number(),
  evaluator_name: z.string(),
  date: z.string(),
});
export const evaluatedPlayer = z.object({
  ...playerFace,
  totalScore: z.number(),
  evaluations: z.array(evaluationItem),
});
export type EvaluatedPlayer = z.infer<typeof evaluatedPlayer>;

export const playerEvaluationsQuery = z.object({
  team_id: optionalId,
  page: paging.page,
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const teamEvaluationRow = z.object({
  players: z.array(evaluatedPlayer),
  playerCount: z.number(),
  averageScore: z.number(),
});
export const playerEvaluations = teamEvaluationRow.extend({ page: z.number(), pageSize: z.number() });

export const teamEvaluationsQuery = z.object({
  team_id: optionalId,
  page: paging.page,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const teamEvaluations = z.object({
  rows: z.array(teamEvaluationRow.extend({ ...refFields, coachName: z.string(), coachUser: z.number() })),
  ...pageFields,
});
