import { z } from 'zod';
import { idParam, requiredId, requiredText } from './common.js';
import { cursorParam, nextCursorField } from './cursor.js';

/** docs/product.md#data Team, as the lists and the team page read it. */
export const teamSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The club (category) name; the API calls the field category and shows it as Club. */
  category: z.string(),
  categoryId: z.number(),
  season: z.string(),
  seasonId: z.number(),
  coachName: z.string(),
  /** The coach's user id. */
  coachUser: z.number(),
  /** The coach's role id, so the edit form can preselect the 'Coach role' select. */
  coachRole: z.number(),
  playerCount: z.number(),
  averageScore: z.number(),
  /** Whether the viewer is a Superadmin (docs/product.md#data field list). */
  superAdmin: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

export const TEAM_NAME_MAX = 100;

/**
 * docs/product.md#data and docs/product.md#api save payload of POST /api/teams and POST /api/team/{id}. The field order is the form's
 * order: the client highlights the first empty one (docs/product.md#validation).
 */
export const teamSaveSchema = z.object({
  name: requiredText(TEAM_NAME_MAX),
  category: requiredId,
  coachRole: requiredId,
  coachUser: requiredId,
  season: requiredId,
});
export type TeamSave = z.infer<typeof teamSaveSchema>;
export const TEAM_FORM_FIELDS = ['name', 'category', 'coachRole', 'coachUser', 'season'] as const;

/** The Teams page reads this many teams a page; a page may ask for up to TEAMS_MAX_PAGE (ADR 0023). */
export const TEAMS_PAGE_SIZE = 50;
export const TEAMS_MAX_PAGE = 200;

/** GET /api/teams: optional club filter (the spec's auth_id parameter is accepted and ignored). */
export const teamListQuerySchema = z.object({
  category: idParam.optional(),
  /** At most this many teams, by name, and the cursor to the rest in `next`; without it every team (ADR 0023). */
  limit: z.coerce.number().int().min(1).max(TEAMS_MAX_PAGE).optional(),
  /** The `next` of the page before: [lower-cased name, team id] of its last team. */
  after: cursorParam(['string', 'number']).optional(),
});

/** GET /api/teams: `next` only when paged (`limit` or `after`), so the whole list answers as before. */
export const teamListSchema = z.object({ data: z.array(teamSchema), next: nextCursorField.next.optional() });

/** GET /api/coach/{coachId}/teams: the club filter only, never paged. */
export const coachTeamsQuerySchema = teamListQuerySchema.pick({ category: true });

/** The text fields of POST /api/teams/bulk (the file travels as bulkFile). */
export const teamBulkFieldsSchema = z.object({
  category: requiredId,
  season: requiredId,
});

/** Coach roles (teams exactly 1, not admin) with their active users, for the dependent selects. */
export const coachOptionSchema = z.object({
  id: z.number(),
  title: z.string(),
  users: z.array(z.object({ id: z.number(), first_name: z.string(), last_name: z.string() })),
});
export type CoachOption = z.infer<typeof coachOptionSchema>;

/** GET /api/coach/{coachId}/teams also names the coach, for the page heading. */
export const coachSummarySchema = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
export type CoachSummary = z.infer<typeof coachSummarySchema>;

export const teamBulkResultSchema = z.object({ created: z.number() });
export const teamDeleteResultSchema = z.object({ id: z.number(), playersUnassigned: z.number() });
