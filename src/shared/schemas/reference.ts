import { z } from 'zod';
import { MSG } from '../messages.js';
import { requiredText } from './common.js';

/**
 * Reference data edited on the Settings page and read across the app: clubs (categories), seasons,
 * levels, the achievement catalogue and the global settings.
 */

export const NAME_MAX = 100;

export const categorySchema = z.object({ id: z.number(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const seasonSchema = z.object({ id: z.number(), name: z.string() });
export type Season = z.infer<typeof seasonSchema>;

export const LEVEL_KINDS = ['scale_1_10', 'yes_no'] as const;
export const levelKindSchema = z.enum(LEVEL_KINDS, { error: MSG.required });
export type LevelKind = z.infer<typeof levelKindSchema>;
/** How a level's kind is shown to people. */
export const LEVEL_KIND_LABELS: Record<LevelKind, string> = {
  scale_1_10: 'Score 1 to 10',
  yes_no: 'Yes / No',
};

export const levelSchema = z.object({ id: z.number(), name: z.string(), kind: levelKindSchema, position: z.number() });
export type Level = z.infer<typeof levelSchema>;

export const achievementSchema = z.object({ id: z.number(), title: z.string() });
export type Achievement = z.infer<typeof achievementSchema>;

/** Create/rename payloads. */
export const nameSaveSchema = z.object({ name: requiredText(NAME_MAX) });
export type NameSave = z.infer<typeof nameSaveSchema>;
export const levelSaveSchema = z.object({ name: requiredText(NAME_MAX), kind: levelKindSchema });
export type LevelSave = z.infer<typeof levelSaveSchema>;
export const achievementSaveSchema = z.object({ title: requiredText(NAME_MAX) });
export type AchievementSave = z.infer<typeof achievementSaveSchema>;

/** Global settings (docs/product.md#data "Global settings", plus the public leaderboard privacy choice). */
export const PUBLIC_LEADERBOARD_NAMES = ['full', 'initial', 'off'] as const;
export const publicLeaderboardNamesSchema = z.enum(PUBLIC_LEADERBOARD_NAMES, { error: MSG.required });
export type PublicLeaderboardNames = z.infer<typeof publicLeaderboardNamesSchema>;
export const PUBLIC_LEADERBOARD_NAME_LABELS: Record<PublicLeaderboardNames, string> = {
  full: 'Full name',
  initial: 'First name and last initial',
  off: 'Public leaderboard off',
};

/** An http(s) address, or empty for "no instructions video". */
export const instructionsVideoSchema = z
  .string()
  .trim()
  .max(2000, { error: 'At most 2000 characters.' })
  .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, {
    error: 'Please enter a valid http(s) link.',
  });

export const settingsSchema = z.object({
  instructions_video: instructionsVideoSchema,
  public_leaderboard_names: publicLeaderboardNamesSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/** POST /api/settings: any subset of the settings; at least one. */
export const settingsSaveSchema = settingsSchema
  .partial()
  .refine((s) => s.instructions_video !== undefined || s.public_leaderboard_names !== undefined, {
    error: 'Nothing to save.',
  });
export type SettingsSave = z.infer<typeof settingsSaveSchema>;

/** Used when a setting has never been saved (a fresh production install). */
export const SETTINGS_DEFAULTS: Settings = {
  instructions_video: '',
  // Players are often minors: the public board shows first name + last initial unless an admin
  // chooses full names (or turns the board off).
  public_leaderboard_names: 'initial',
};
