import { z } from 'zod';
import { MSG } from '../messages.js';
import { HANDOVER_AGE, OWN_LOGIN_AGE } from '../age.js';
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

export const LEVEL_KINDS = ['scale_1_10', 'yes_no', 'measured'] as const;
export const levelKindSchema = z.enum(LEVEL_KINDS, { error: MSG.required });
export type LevelKind = z.infer<typeof levelKindSchema>;
/** How a level's kind is shown to people. */
export const LEVEL_KIND_LABELS: Record<LevelKind, string> = {
  scale_1_10: 'Score 1 to 10',
  yes_no: 'Yes / No',
  measured: 'Measured (time, distance, count…)',
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

const ageSetting = (b: { min: number; max: number }) =>
  z
    .number({ error: MSG.required })
    .int({ error: 'Please enter a whole number of years.' })
    .min(b.min, { error: `At least ${b.min}.` })
    .max(b.max, { error: `At most ${b.max}.` });

export const settingsSchema = z.object({
  instructions_video: instructionsVideoSchema,
  public_leaderboard_names: publicLeaderboardNamesSchema,
  /** Families (docs/product.md#families): the age from which a player may have their own sign-in. */
  own_login_age: ageSetting(OWN_LOGIN_AGE),
  /** The age at which the player takes over their account from the guardians (13–18). */
  handover_age: ageSetting(HANDOVER_AGE),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsMessages = {
  handoverBelowOwnLogin: 'The hand-over age cannot be below the age for an own sign-in.',
} as const;

/** The hand-over age is never below the own-login age (checked on the saved values merged with the stored ones). */
export const agesConsistent = (s: Pick<Settings, 'own_login_age' | 'handover_age'>) => s.handover_age >= s.own_login_age;

/** The Settings form: the whole set, ages consistent. */
export const settingsFormSchema = settingsSchema.refine(agesConsistent, {
  error: settingsMessages.handoverBelowOwnLogin,
  path: ['handover_age'],
});

/** POST /api/settings: any subset of the settings; at least one. */
export const settingsSaveSchema = settingsSchema.partial().refine((s) => Object.values(s).some((v) => v !== undefined), {
  error: 'Nothing to save.',
});
export type SettingsSave = z.infer<typeof settingsSaveSchema>;

/** Used when a setting has never been saved (a fresh production install). */
export const SETTINGS_DEFAULTS: Settings = {
  instructions_video: '',
  // Players are often minors: the public board shows first name + last initial unless an admin
  // chooses full names (or turns the board off).
  public_leaderboard_names: 'initial',
  own_login_age: OWN_LOGIN_AGE.default,
  handover_age: HANDOVER_AGE.default,
};
