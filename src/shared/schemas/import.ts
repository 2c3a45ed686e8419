import { z } from 'zod';
import { idParam } from './common.js';
import { cursorParam } from './cursor.js';

/**
 * The import wizard (docs/decisions/0021-imports.md): one engine, one kind per entity. Shared by the
 * API routes and the wizard's screens.
 */

export const IMPORT_KINDS = ['players', 'evaluations', 'teams', 'users'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportField {
  key: string;
  label: string;
  required: boolean;
  /** Header names (folded: lower case, no accents, no spaces, dashes or underscores) suggesting this field. */
  synonyms: readonly string[];
}

/** The columns a players import reads; the parent e-mail becomes the player's primary guardian. */
export const PLAYER_IMPORT_FIELDS: readonly ImportField[] = [
  {
    key: 'first_name',
    label: 'First name',
    required: true,
    synonyms: ['firstname', 'first', 'givenname', 'forename', 'prenom', 'vorname', 'playerfirstname'],
  },
  {
    key: 'last_name',
    label: 'Last name',
    required: true,
    synonyms: ['lastname', 'last', 'surname', 'familyname', 'nom', 'nachname', 'playerlastname'],
  },
  {
    key: 'email',
    label: 'Parent e-mail',
    required: true,
    synonyms: [
      'email',
      'parentemail',
      'guardianemail',
      'parentsemail',
      'parentmail',
      'guardianmail',
      'contactemail',
      'familyemail',
      'mothersemail',
      'fathersemail',
      'emailaddress',
      'mail',
    ],
  },
  {
    key: 'dob',
    label: 'Birth year',
    required: false,
    synonyms: ['dob', 'dateofbirth', 'birthyear', 'birthdate', 'born', 'yearofbirth', 'birthday', 'geburtsdatum', 'year'],
  },
  // docs/product.md#relative-age: the day as well (YYYY-MM-DD); a column of whole dates may feed both fields.
  { key: 'birth_date', label: 'Birth date', required: false, synonyms: ['dayofbirth', 'fullbirthdate', 'exactbirthdate'] },
];

/**
 * The columns an evaluations import reads: the player by id, or by name with a birth year or parent
 * e-mail; the criterion by name (the level tells apart two criteria of one name); the date is today
 * when empty.
 */
export const EVALUATION_IMPORT_FIELDS: readonly ImportField[] = [
  { key: 'player_id', label: 'Player ID', required: false, synonyms: ['playerid', 'id', 'playernumber', 'spielerid'] },
  {
    key: 'first_name',
    label: 'First name',
    required: false,
    synonyms: ['firstname', 'first', 'givenname', 'playerfirstname', 'vorname', 'prenom'],
  },
  {
    key: 'last_name',
    label: 'Last name',
    required: false,
    synonyms: ['lastname', 'last', 'surname', 'familyname', 'playerlastname', 'nachname', 'nom'],
  },
  { key: 'dob', label: 'Birth year', required: false, synonyms: ['dob', 'dateofbirth', 'birthyear', 'birthdate', 'born', 'yearofbirth'] },
  {
    key: 'email',
    label: 'Parent e-mail',
    required: false,
    synonyms: ['email', 'parentemail', 'guardianemail', 'parentmail', 'emailaddress', 'mail'],
  },
  {
    key: 'criterion',
    label: 'Criterion',
    required: true,
    synonyms: ['criterion', 'criteria', 'skill', 'test', 'drill', 'kriterium', 'metric'],
  },
  { key: 'level', label: 'Level', required: false, synonyms: ['level', 'group', 'category', 'stufe'] },
  { key: 'score', label: 'Score', required: true, synonyms: ['score', 'rating', 'value', 'result', 'points', 'note', 'bewertung'] },
  { key: 'date', label: 'Date', required: false, synonyms: ['date', 'evaluationdate', 'evaluatedon', 'day', 'when', 'datum'] },
  { key: 'notes', label: 'Notes', required: false, synonyms: ['notes', 'comment', 'comments', 'remarks', 'bemerkung'] },
];

/** The columns a teams import reads: the club (category) and season by name, the coach by e-mail. */
export const TEAM_IMPORT_FIELDS: readonly ImportField[] = [
  { key: 'name', label: 'Team name', required: true, synonyms: ['name', 'team', 'teamname', 'squad', 'mannschaft'] },
  { key: 'category', label: 'Club', required: true, synonyms: ['category', 'club', 'clubname', 'division', 'agegroup', 'verein'] },
  { key: 'season', label: 'Season', required: true, synonyms: ['season', 'year', 'saison', 'seasonname'] },
  {
    key: 'coach_email',
    label: 'Coach e-mail',
    required: true,
    synonyms: ['coachemail', 'coach', 'coachmail', 'email', 'trainer', 'traineremail', 'headcoach'],
  },
];

/** The columns a users import reads; the role by its title. */
export const USER_IMPORT_FIELDS: readonly ImportField[] = [
  {
    key: 'first_name',
    label: 'First name',
    required: true,
    synonyms: ['firstname', 'first', 'givenname', 'forename', 'vorname', 'prenom'],
  },
  { key: 'last_name', label: 'Last name', required: true, synonyms: ['lastname', 'last', 'surname', 'familyname', 'nachname', 'nom'] },
  { key: 'email', label: 'E-mail', required: true, synonyms: ['email', 'emailaddress', 'mail', 'login', 'username'] },
  { key: 'role', label: 'Role', required: true, synonyms: ['role', 'roletitle', 'access', 'position', 'rolle', 'usertype'] },
];

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  players: PLAYER_IMPORT_FIELDS,
  evaluations: EVALUATION_IMPORT_FIELDS,
  teams: TEAM_IMPORT_FIELDS,
  users: USER_IMPORT_FIELDS,
};

/** Each kind's template: its fields' labels as the header row, and one example row. */
export const IMPORT_TEMPLATES: Record<ImportKind, readonly (readonly string[])[]> = {
  players: [PLAYER_IMPORT_FIELDS.map((f) => f.label), ['Ana', 'Example', 'parent@example.org', '2013']],
  evaluations: [
    EVALUATION_IMPORT_FIELDS.map((f) => f.label),
    ['', 'Ana', 'Example', '2013', 'parent@example.org', 'Passing', 'Fundamentals', '7', '2026-03-01', 'Good first touch'],
  ],
  teams: [TEAM_IMPORT_FIELDS.map((f) => f.label), ['U12 Girls', 'Club', '2026', 'coach@example.org']],
  users: [USER_IMPORT_FIELDS.map((f) => f.label), ['Sam', 'Example', 'sam@example.org', 'Coach']],
};

/** A mapping: field key → the index of the file's column, or null (not in the file). */
export const mappingSchema = z.record(z.string().max(40), z.number().int().min(0).max(200).nullable());
export type ImportMapping = z.infer<typeof mappingSchema>;

export const DECISIONS = ['link', 'create', 'skip'] as const;
export type Decision = (typeof DECISIONS)[number];

export const importKindParams = z.object({ kind: z.enum(IMPORT_KINDS, { error: 'Unknown import kind.' }) });
export const importIdParams = z.object({ id: idParam });

/** POST /api/imports/{id}/validate. */
export const validateBodySchema = z.object({
  mapping: mappingSchema,
  /** The team the new players join (required for coaches); existing players linked join it too. */
  team_id: z.union([idParam, z.null()]).optional().default(null),
  /** Per row (the spreadsheet's row number): what to do with a duplicate candidate. */
  decisions: z
    .record(z.string().regex(/^\d{1,7}$/), z.enum(DECISIONS))
    .optional()
    .default({}),
});
export type ValidateBody = z.input<typeof validateBodySchema>;

/** POST /api/imports/{id}/commit: the plan the caller previewed (its hash), so a different plan is never run. */
export const commitBodySchema = z.object({ plan_hash: z.string().min(1).max(128) });

export const importCountsSchema = z.object({ created: z.number(), updated: z.number(), linked: z.number(), skipped: z.number() });
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const candidateSchema = z.union([
  z.object({
    kind: z.literal('existing'),
    player_id: z.number(),
    name: z.string(),
    dob: z.number().nullable(),
    by: z.enum(['name', 'email']),
  }),
  z.object({ kind: z.literal('file'), line: z.number(), by: z.enum(['name', 'email']) }),
  /** Evaluations, teams and users: an existing record (why: what matched, in plain words). */
  z.object({ kind: z.literal('record'), id: z.number(), name: z.string(), why: z.string() }),
]);

export const planRowSchema = z.object({
  line: z.number(),
  status: z.enum(['valid', 'invalid', 'duplicate']),
  reasons: z.array(z.string()),
  values: z.record(z.string(), z.string()),
  candidate: candidateSchema.nullable(),
  /** The choices a duplicate offers (link only against an existing player). */
  choices: z.array(z.enum(DECISIONS)),
  action: z.enum(['create', 'link', 'update', 'skip']),
  /** What the row is about, as the review lists it (evaluations, teams, users; players show their name). */
  label: z.string().optional(),
});
export type PlanRow = z.infer<typeof planRowSchema>;

/** POST /api/imports/{kind}/upload: the file's headers, a sample and the suggested or remembered mapping. */
export const uploadResultSchema = z.object({
  id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  row_count: z.number(),
  mapping: mappingSchema,
  /** Whether the mapping is the one remembered from this kind's last import (else suggested from the headers). */
  remembered: z.boolean(),
});

/** The preview: the rows needing attention (invalid and duplicates), a sample of the valid ones, the exact counts. */
export const planSchema = z.object({
  id: z.number(),
  plan_hash: z.string(),
  counts: importCountsSchema,
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  rows: z.array(planRowSchema),
  expires_at: z.string(),
});
export type ImportPlan = z.infer<typeof planSchema>;

export const commitResultSchema = z.object({ id: z.number(), counts: importCountsSchema, already: z.boolean() });

/** GET /api/imports/players/history: the page after `after` (the `next` of the page before). */
export const historyQuerySchema = z.object({ after: cursorParam(['string', 'number']).optional() });

export const historyItemSchema = z.object({
  id: z.number(),
  kind: z.string(),
  file_name: z.string(),
  status: z.enum(['committed', 'undone']),
  by: z.string(),
  committed_at: z.string(),
  undone_at: z.string().nullable(),
  counts: importCountsSchema,
  errors: z.array(z.string()),
  undo_until: z.string(),
  can_undo: z.boolean(),
  /** What undo left in place, and why (later changes depend on it). */
  kept: z.array(z.string()),
});
export type ImportHistoryItem = z.infer<typeof historyItemSchema>;

export const undoResultSchema = z.object({ removed: z.number(), restored: z.number(), kept: z.array(z.string()) });
