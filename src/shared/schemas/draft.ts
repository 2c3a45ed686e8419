import { z } from 'zod';
import { idParam, requiredText } from './common.js';

/** The draft board (docs/product.md#draft-board, ADR 0025). Shared by the routes and the board. */

export const DECISIONS = ['undecided', 'callback', 'selected', 'waitlisted', 'released', 'withdrawn'] as const;
export type Decision = (typeof DECISIONS)[number];
export const decisionSchema = z.enum(DECISIONS);

export const DECISION_LABELS: Record<Decision, string> = {
  undecided: 'Undecided',
  callback: 'Callback',
  selected: 'Selected',
  waitlisted: 'Waitlisted',
  released: 'Released',
  withdrawn: 'Withdrawn',
};

const MAX_TARGET = 200;
const targetSize = z.number().int().min(0).max(MAX_TARGET).nullable();
const positionTargets = z.record(requiredText(40), z.number().int().min(0).max(MAX_TARGET));

/** Every write names the board version it was made on; a stale one is refused with what changed since. */
const expectedVersion = { expected_version: z.number().int().min(1) };

export const draftsQuerySchema = z.object({ season_id: idParam.optional() });

export const draftCreateSchema = z.object({
  name: requiredText(100),
  season_id: z.number().int().positive(),
  teams: z
    .array(z.object({ team_id: z.number().int().positive(), target_size: targetSize.default(null) }))
    .min(1, { error: 'Choose at least one team of the target season.' })
    .max(100)
    .refine((l) => new Set(l.map((t) => t.team_id)).size === l.length, { error: 'A team is listed twice.' }),
});
export type DraftCreate = z.infer<typeof draftCreateSchema>;

export const candidatesAddSchema = z
  .object({
    ...expectedVersion,
    session_id: z.number().int().positive().optional(),
    team_id: z.number().int().positive().optional(),
    player_ids: z.array(z.number().int().positive()).min(1).max(1000).optional(),
  })
  .refine((b) => [b.session_id, b.team_id, b.player_ids].filter((x) => x !== undefined).length === 1, {
    error: 'Add candidates from one published session, one team or a list of players.',
  });
export type CandidatesAdd = z.infer<typeof candidatesAddSchema>;

export const targetSchema = z.object({ ...expectedVersion, target_size: targetSize, position_targets: positionTargets.default({}) });
export type TargetBody = z.infer<typeof targetSchema>;

/** A move into a team of another age group is refused unless `override` says the club means it. */
const ageOverride = z.boolean().default(false);

export const moveSchema = z.object({
  ...expectedVersion,
  player_id: z.number().int().positive(),
  team_id: z.number().int().positive().nullable(),
  override: ageOverride,
});
export type MoveBody = z.infer<typeof moveSchema>;

export const candidateUpdateSchema = z
  .object({
    ...expectedVersion,
    pinned: z.boolean().optional(),
    decision: decisionSchema.optional(),
    position: z.string().trim().max(40).nullable().optional(),
  })
  .refine((b) => b.pinned !== undefined || b.decision !== undefined || b.position !== undefined, {
    error: 'Change the pin, the decision or the position.',
  });
export type CandidateUpdate = z.infer<typeof candidateUpdateSchema>;

/** One decision for many candidates at once (the board's selection): one write, one history entry each. */
export const bulkDecisionSchema = z.object({
  ...expectedVersion,
  player_ids: z
    .array(z.number().int().positive())
    .min(1, { error: 'Select at least one player.' })
    .max(1000)
    .refine((l) => new Set(l).size === l.length, { error: 'A player is listed twice.' }),
  decision: decisionSchema,
});
export type BulkDecisionBody = z.infer<typeof bulkDecisionSchema>;

export const versionOnlySchema = z.object(expectedVersion);
export type VersionOnly = z.infer<typeof versionOnlySchema>;

/**
 * Which totals order the candidates: the session's raw totals (the default), or its fair totals, with
 * each evaluator's severity taken out (docs/product.md#fair-evaluations). Candidates not from a session
 * have one total, used for both.
 */
export const TOTAL_BASES = ['raw', 'fair'] as const;
export type TotalBasis = (typeof TOTAL_BASES)[number];
export const BASIS_LABELS: Record<TotalBasis, string> = { raw: 'Raw totals', fair: 'Fair totals' };

export const suggestSchema = z.object({ ...expectedVersion, basis: z.enum(TOTAL_BASES).default('raw') });
export type SuggestBody = z.infer<typeof suggestSchema>;

/** After Finalise: a change of placement or decision, with the reason it is made. */
export const revisionSchema = z.object({
  ...expectedVersion,
  reason: requiredText(1000),
  changes: z
    .array(
      z.object({
        player_id: z.number().int().positive(),
        team_id: z.number().int().positive().nullable().optional(),
        decision: decisionSchema.optional(),
        override: ageOverride,
      }),
    )
    .min(1)
    .max(500),
});
export type RevisionBody = z.infer<typeof revisionSchema>;

export const draftCandidateParams = z.object({ id: idParam, playerId: idParam });
export const draftTeamParams = z.object({ id: idParam, teamId: idParam });

export const draftSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  season_id: z.number(),
  season_name: z.string(),
  state: z.enum(['open', 'finalised']),
  version: z.number(),
  teams: z.number(),
  candidates: z.number(),
  updated_at: z.string(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

const intervalSchema = z.object({ low: z.number(), high: z.number() });
export type TotalInterval = z.infer<typeof intervalSchema>;

export const boardTeamSchema = z.object({
  team_id: z.number(),
  name: z.string(),
  target_size: z.number().nullable(),
  position_targets: z.record(z.string(), z.number()),
  count: z.number(),
  position_counts: z.record(z.string(), z.number()),
  /** Σ of its candidates' totals: the strength Suggest balances. */
  strength: z.number(),
  /** N of the "U<N>" in its name: it takes the players of that age group; null takes anyone. */
  age_group: z.number().nullable(),
});
export type BoardTeam = z.infer<typeof boardTeamSchema>;

export const boardCandidateSchema = z.object({
  player_id: z.number(),
  name: z.string(),
  birth_year: z.number().nullable(),
  /** "U13": the youngest age group the player fits in the draft's season (birth-year rule). */
  age_group: z.string().nullable(),
  team_id: z.number().nullable(),
  pinned: z.boolean(),
  position: z.string().nullable(),
  decision: decisionSchema,
  source: z.enum(['session', 'team', 'manual']),
  /** The published session total, else the player's current total; null when unscored. */
  total: z.number().nullable(),
  /** Evaluators who scored the player in the session (null outside a session). */
  evaluators: z.number().nullable(),
  /** An evaluator's score lay far from the others' in the session. */
  outlier: z.boolean(),
  /**
   * The session total's 90 % interval (fair-evaluations.ts: the totals another draw of the player's
   * evaluators would likely give); null outside a session or for an incomplete player.
   */
  interval: intervalSchema.nullable(),
  /** The session's fair total (severity of the player's evaluators taken out) and its interval. */
  fair_total: z.number().nullable(),
  fair_interval: intervalSchema.nullable(),
  /**
   * Which figure `total` and `interval` are for a session candidate: the basis the session was published
   * on (raw means or fair scores); null outside a session. `raw_total` and `raw_interval` keep the raw ones.
   */
  total_basis: z.enum(['raw', 'fair']).nullable(),
  raw_total: z.number().nullable(),
  raw_interval: intervalSchema.nullable(),
  /**
   * Why the place does not fit the player's age group: placed in another group's team ("Born 2008: U19,
   * this team is U14"), or in the pool with no team of their group; null when it fits.
   */
  age_note: z.string().nullable(),
});
export type BoardCandidate = z.infer<typeof boardCandidateSchema>;

/**
 * A team's cut line in the ordering of the candidates it can take: after `places` candidates (its target
 * size, plus the targets of the teams before it that take the same candidates). `too_close`: the players
 * either side whose intervals reach across the line (fair-evaluations.ts tooCloseToCall).
 */
export const cutLineSchema = z.object({
  team_id: z.number(),
  /** "U14 Blue: 4 places", "U14 Red: 8 places with U14 Blue". */
  label: z.string(),
  places: z.number(),
  too_close: z.array(z.number()),
});
export type CutLine = z.infer<typeof cutLineSchema>;

/** The candidates one set of teams can take (an age group, or anyone), best total first, with those teams' cut lines. */
export const cutRankingSchema = z.object({
  /** "U14", or "All candidates" for teams that take anyone. */
  label: z.string(),
  player_ids: z.array(z.number()),
  lines: z.array(cutLineSchema),
});
export type CutRanking = z.infer<typeof cutRankingSchema>;

export const boardSchema = z.object({
  id: z.number(),
  name: z.string(),
  season_id: z.number(),
  season_name: z.string(),
  state: z.enum(['open', 'finalised']),
  version: z.number(),
  finalised_at: z.string().nullable(),
  /** The year ages are read in (the first year of the season's name); null: no age rules apply. */
  season_year: z.number().nullable(),
  teams: z.array(boardTeamSchema),
  candidates: z.array(boardCandidateSchema),
  /** The cut lines of the teams with a target size, on raw and on fair totals. */
  cut_lines: z.object({ raw: z.array(cutRankingSchema), fair: z.array(cutRankingSchema) }),
});
export type Board = z.infer<typeof boardSchema>;

export const draftEventSchema = z.object({
  version: z.number(),
  kind: z.string(),
  player_id: z.number().nullable(),
  /** "Ava Costa moved to U13 Blue by Coach X". */
  text: z.string(),
  reason: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type DraftEvent = z.infer<typeof draftEventSchema>;

export const writeResultSchema = z.object({ version: z.number(), changed: z.number() });
export type WriteResult = z.infer<typeof writeResultSchema>;
