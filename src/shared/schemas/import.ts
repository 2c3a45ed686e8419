import { z } from 'zod';
import { idParam } from './common.js';
import { cursorParam } from './cursor.js';

/**
 * The import wizard (docs/decisions/0021-imports.md): one engine, one kind per entity. Shared by the
 * API routes and the wizard's screens.
 */

export const IMPORT_KINDS = ['players'] as const;
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
];

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = { players: PLAYER_IMPORT_FIELDS };

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
