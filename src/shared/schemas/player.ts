import { z } from 'zod';
import { DOB_MAX_YEAR, DOB_MIN_YEAR } from '../constants.js';
import { MSG } from '../messages.js';
import { cursorParam, nextCursorField } from './cursor.js';
import { calendarDay, emailField, idParam, pageFields, personNameFields, requiredId, teamRefSchema } from './common.js';

/** Players (docs/product.md#data and #validation). Shared by the API routes and the player forms. */

export { NAME_MAX } from './common.js';
/** A data URL of a photo of at most MAX_IMAGE_BYTES, base64 (4/3) plus its prefix. */
export const PROFILE_IMG_MAX_CHARS = 7_200_000;

export const BIRTH_DATE_MESSAGES = {
  format: 'Use a real date in the format YYYY-MM-DD, in a year from 1995 to 2025.',
  year: 'The birth date must be in the year of birth.',
} as const;

const calendarDayPattern = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export const isDobYear = (value: string): boolean =>
  /^\d{4}$/.test(value) && Number(value) >= DOB_MIN_YEAR && Number(value) <= DOB_MAX_YEAR;

/** Birth year: optional, else four digits from 1995 to 2025 with the exact message of docs/product.md#validation. */
export const dobField = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? '' : String(v).trim()))
  .refine((v) => v === '' || isDobYear(v), { error: MSG.year })
  .transform((v) => (v === '' ? null : Number(v)));

/** Birth date (docs/product.md#relative-age): optional, a real day YYYY-MM-DD in the years a birth year may take. */
export const birthDateField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || (calendarDayPattern(v) && isDobYear(v.slice(0, 4))), { error: BIRTH_DATE_MESSAGES.format })
  .transform((v) => (v === '' ? null : v));

/**
 * The birth year stays the record the app reads ages from; a birth date only refines it, so its year
 * must be the birth year. With no birth year typed, the date's year becomes it (birthYearWith).
 */
export const birthDateAgrees = (dob: number | null, birthDate: string | null): boolean =>
  birthDate === null || dob === null || Number(birthDate.slice(0, 4)) === dob;

/** The birth year to store: the one given, else the birth date's. */
export const birthYearWith = (dob: number | null, birthDate: string | null): number | null =>
  dob ?? (birthDate === null ? null : Number(birthDate.slice(0, 4)));

/** POST /api/family/player/{id}/birth-date: a guardian with standing sets or corrects it ('' clears it). */
export const familyBirthDateSchema = z.object({ birth_date: birthDateField });
export const familyBirthDateAnswerSchema = z.object({ dob: z.number().nullable(), birth_date: z.string().nullable() });
export type FamilyBirthDateAnswer = z.infer<typeof familyBirthDateAnswerSchema>;

/** The player's own sign-in e-mail: optional; empty means none. */
export const optionalEmail = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim().toLowerCase())
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Please enter a valid email address.' })
  .refine((v) => v.length <= 320, { error: 'At most 320 characters.' })
  .transform((v) => (v === '' ? null : v));

/** The API takes team_id as a list; a single id is accepted too. Duplicates are dropped. */
export const teamIdsField = z
  .union([z.array(requiredId), requiredId, z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? [...new Set(v)] : [v]));

/**
 * profile_img on save: a data URL (a new photo), null/'' (no photo), or, on edit, the current key
 * (unchanged). The server checks the bytes; this only bounds the size of the text.
 */
export const profileImgField = z
  .union([z.string().max(PROFILE_IMG_MAX_CHARS, { error: 'The photo must be 5 MB or smaller.' }), z.null()])
  .optional();

const playerFields = {
  ...personNameFields,
  player_email: optionalEmail,
  dob: dobField,
  birth_date: birthDateField,
  profile_img: profileImgField,
  team_id: teamIdsField,
};

/** The mismatch is reported on the birth date: the year is the older, simpler field. */
const agreeing = <T extends { dob: number | null; birth_date: string | null }>(v: T, ctx: z.RefinementCtx) => {
  if (!birthDateAgrees(v.dob, v.birth_date)) ctx.addIssue({ code: 'custom', path: ['birth_date'], message: BIRTH_DATE_MESSAGES.year });
};

/** POST /api/players: the parent's email is required on create. */
export const playerCreateSchema = z.object({ ...playerFields, email: emailField }).superRefine(agreeing);
export type PlayerCreate = z.input<typeof playerCreateSchema>;

/** POST /api/player/{id}: the parent's email is not editable after creation (it is ignored). */
export const playerUpdateSchema = z.object(playerFields).superRefine(agreeing);
export type PlayerUpdate = z.input<typeof playerUpdateSchema>;

export { teamRefSchema, type TeamRef } from './common.js';

/** GET /api/player/{id}. */
export const playerSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  player_email: z.string().nullable(),
  dob: z.number().nullable(),
  /** Optional day of birth (YYYY-MM-DD), in the year of `dob`. */
  birth_date: z.string().nullable(),
  profile_img: z.string().nullable(),
  teamIds: z.array(z.number()),
  teams: z.array(teamRefSchema),
  /** The first team's name ('' without a team). */
  teamName: z.string(),
  /** The first team's coach user id (null without a team). */
  coachUser: z.number().nullable(),
  video_links: z.array(z.string()),
  pdf: z.boolean(),
  totalScore: z.number(),
  /**
   * Whether the player has a sign-in: a linked account, or a saved player_email (whose account may not
   * exist when the address already signed in elsewhere: a coach must not learn that).
   */
  hasAccount: z.boolean(),
});
export type Player = z.infer<typeof playerSchema>;

/** One row of GET /api/players and GET /api/team/{teamId}/players. */
export const playerListItemSchema = playerSchema.pick({
  id: true,
  first_name: true,
  last_name: true,
  name: true,
  email: true,
  player_email: true,
  dob: true,
  birth_date: true,
  profile_img: true,
  teamIds: true,
  teams: true,
  teamName: true,
  coachUser: true,
  totalScore: true,
});
export type PlayerListItem = z.infer<typeof playerListItemSchema>;

export const PAGE_SIZE_MAX = 200;
export const PAGE_SIZE_DEFAULT = 48;

const optionalId = z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), idParam.optional());

/** Filters of the player lists and the export (auth_id of docs/product.md#api is accepted and ignored). */
export const playerListQuerySchema = z.object({
  team_id: optionalId,
  category: optionalId,
  q: z.string().trim().max(100).optional(),
  // With or without an evaluation dated within [from, to] (open ends: any date); the dashboard's links.
  evaluated: z.enum(['yes', 'no']).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** The `next` of the page before: the page after it, at the cost of the first (`page` is then ignored). */
  after: cursorParam(['string', 'string', 'number']).optional(),
});
export type PlayerListQuery = z.input<typeof playerListQuerySchema>;

export const playerExportQuerySchema = playerListQuerySchema.pick({ team_id: true, category: true });

export const playerListSchema = z.object({
  data: z.array(playerListItemSchema),
  ...pageFields,
  ...nextCursorField,
  /** On the team route: the team the list belongs to (for the '<team> Players' heading). */
  team: teamRefSchema.optional(),
});
export type PlayerList = z.infer<typeof playerListSchema>;

/** Teams a user may put players into or filter by, with their club (for export by club). */
export const teamOptionSchema = z.object({ id: z.number(), name: z.string(), categoryId: z.number(), category: z.string() });
export type TeamOption = z.infer<typeof teamOptionSchema>;

/** POST /api/player/{id}/delete answer: what went with the player. */
export const playerDeletedSchema = z.object({
  id: z.number(),
  evaluations: z.number(),
  notes: z.number(),
  achievements: z.number(),
  account: z.boolean(),
});

export const bulkResultSchema = z.object({ created: z.number(), accounts: z.number() });
