import { z } from 'zod';
import { idParam, NAME_MAX, requiredText } from './common.js';

/** Season rollover (docs/product.md#season-rollover, ADR 0024). Shared by the route and the wizard. */

export const rolloverQuerySchema = z
  .object({ from: idParam, to: idParam })
  .refine((q) => q.from !== q.to, { error: 'Choose a target season other than the source season.', path: ['to'] });

const seasonSide = z.object({ id: z.number(), name: z.string(), year: z.number().nullable(), closed: z.boolean() });

export const rolloverTeamSchema = z.object({
  source_team_id: z.number(),
  source_name: z.string(),
  /** Suggested: the age group moved up one year; the wizard lets staff edit it. */
  name: z.string(),
  club: z.string(),
  coach_name: z.string(),
  age_group: z.number().nullable(),
  /** The target season's team already rolled from this one (a second run keeps it). */
  existing_team_id: z.number().nullable(),
});

export const rolloverPlayerSchema = z.object({
  player_id: z.number(),
  name: z.string(),
  birth_year: z.number().nullable(),
  source_team_id: z.number(),
  /** Too old for every age group of the target season's teams. */
  ages_out: z.boolean(),
  /** Already in a team of the target season: the rollover leaves them there. */
  placed_in: z.string().nullable(),
});

export const rolloverPlanSchema = z.object({
  source: seasonSide,
  target: seasonSide,
  teams: z.array(rolloverTeamSchema),
  players: z.array(rolloverPlayerSchema),
});
export type RolloverPlan = z.infer<typeof rolloverPlanSchema>;

export const rolloverCommitSchema = z
  .object({
    from: idParam,
    to: idParam,
    teams: z.array(z.object({ source_team_id: idParam, name: requiredText(NAME_MAX) })).max(5000),
    players: z.array(z.object({ player_id: idParam, source_team_id: idParam })).max(100_000),
    dry_run: z.boolean().default(false),
  })
  .refine((b) => b.from !== b.to, { error: 'Choose a target season other than the source season.', path: ['to'] });
export type RolloverCommit = z.input<typeof rolloverCommitSchema>;
export type RolloverCommitBody = z.output<typeof rolloverCommitSchema>;

export const rolloverResultSchema = z.object({
  dry_run: z.boolean(),
  teams_created: z.number(),
  teams_kept: z.number(),
  players_added: z.number(),
  players_already_placed: z.number(),
  players_not_carried: z.number(),
  aged_out_carried: z.number(),
  source_closed: z.boolean(),
});
export type RolloverResult = z.infer<typeof rolloverResultSchema>;
