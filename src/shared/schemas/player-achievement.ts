import { z } from 'zod';
import { optionalText, requiredId } from './common.js';

/** Achievements awarded to a player, from the catalogue (docs/product.md#data "Achievement"). */
export const DETAIL_MAX = 1000;

export const playerAchievementSchema = z.object({
  id: z.number(),
  /** The catalogue title. */
  achievement: z.string(),
  achievement_id: z.number(),
  detail: z.string(),
  dateModified: z.string(),
});
export type PlayerAchievement = z.infer<typeof playerAchievementSchema>;

/** API payload: action_by, achievement, detail, achievement_id; action_by is the signed-in user. */
export const playerAchievementSaveSchema = z.object({
  achievement_id: requiredId,
  detail: optionalText(DETAIL_MAX),
});
export type PlayerAchievementSave = z.input<typeof playerAchievementSaveSchema>;
