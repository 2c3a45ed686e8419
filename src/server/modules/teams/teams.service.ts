import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import { TEAMS_PAGE_SIZE, type CoachOption, type CoachSummary, type Team, type TeamSave } from '../../../shared/schemas/team.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import { versionedCache } from '../scores/score-cache.js';
import { currentTeamAverages } from '../scores/scores.service.js';
import { checkTeamRows, parseTeamCsv } from './teams.csv.js';
import { inKeyOrder, teamListPage, type TeamListKey } from './teams-paging.js';
import * as repo from './teams.repository.js';

type Db = Kysely<DB>;

/** Adds the SQL score aggregates (playerCount, averageScore) and the viewer flag to team rows. */
export async function present(db: Db, actor: Actor, rows: repo.TeamRow[]): Promise<Team[]> {
  if (!rows.length) return [];
  const averages = await currentTeamAverages(
    db,
    rows.map((r) => r.id),
  );
  const superAdmin = actor.roleKey === 'superadmin';
  return rows.map((r) => ({ ...r, playerCount: 0, averageScore: 0, ...averages.get(r.id), superAdmin }));
}

export async function presentOne(db: Db, actor: Actor, id: number): Promise<Team> {
  const row = await repo.findTeam(db, id);
  if (!row) throw notFound();
  const [team] = await present(db, actor, [row]);
  return team!;
}

// Everything a listed team shows moves the score version (migrations 0006, 0008,
// 0009), so a cached list is never older than what the request could read (ADR 0006).
const lists = versionedCache<Team[]>(64);

type TeamListFilter = { teamIds: readonly number[] | null; categoryId?: number | undefined };

/**
 * The teams page's list (GET /api/teams), cached per score version and view, in the pages' key order
 * (teams-paging.ts). Callers must not mutate it: the same array answers every request of that version.
 */
export async function listTeams(db: Db, actor: Actor, filter: TeamListFilter): Promise<Team[]> {
  const key = JSON.stringify([actor.roleKey === 'superadmin', filter.categoryId ?? null, filter.teamIds]);
  return lists(db, key, async () => inKeyOrder(await present(db, actor, await repo.listTeams(db, filter))));
}

/** A page of that list (GET /api/teams?limit=&after=): a slice of the cached list after the cursor's key. */
export async function listTeamsPage(
  db: Db,
  actor: Actor,
  filter: TeamListFilter,
  page: { limit?: number | undefined; after?: TeamListKey | undefined },
): Promise<{ rows: Team[]; next: string | null }> {
  const { rows, next } = teamListPage(await listTeams(db, actor, filter), page.limit ?? TEAMS_PAGE_SIZE, page.after);
  return { rows, next: next && encodeCursor(next) };
}

/** The coach selects of the team form: coach roles with their active users. */
export async function coachOptions(db: Db): Promise<CoachOption[]> {
  return repo.coachOptions(db);
}

/** A coach's teams (GET /api/coach/:coachId/teams): 404 for an unknown user. */
export async function coachTeams(
  db: Db,
  actor: Actor,
  coachId: number,
  categoryId?: number,
): Promise<{ data: Team[]; coach: CoachSummary }> {
  const coach = await repo.findUser(db, coachId);
  if (!coach) throw notFound();
  const rows = await repo.listTeams(db, { teamIds: null, coachUserId: coach.id, categoryId });
  return { data: await present(db, actor, rows), coach };
}

/** The club and season a team goes into, by name: 400 on the field when either does not exist. */
async function placeOf(db: Db, categoryId: number, seasonId: number): Promise<string> {
  const club = await repo.categoryName(db, categoryId);
  if (club === undefined) throw badRequest('This club does not exist. Choose a club from the list.', 'category');
  const season = await repo.seasonName(db, seasonId);
  if (season === undefined) throw badRequest('This season does not exist. Choose a season from the list.', 'season');
  return `${club}, season ${season}`;
}

/** Checks a save payload against the database: 400 naming the field, 409 on a duplicate name. */
async function checkSave(db: Db, body: TeamSave, exceptId?: number): Promise<repo.TeamWrite & { where: string }> {
  const where = await placeOf(db, body.category, body.season);
  if (!(await repo.isCoachRoleId(db, body.coachRole))) {
    throw badRequest('Choose a coach role (a role with teams permission 1 that is not an admin role).', 'coachRole');
  }
  const coach = await repo.findCoachCandidate(db, body.coachUser);
  if (!coach || coach.roleId !== body.coachRole) throw badRequest('This user does not have the chosen coach role.', 'coachUser');
  if (!coach.active) throw badRequest('This user is suspended and cannot coach a team.', 'coachUser');
  const team = { name: body.name, categoryId: body.category, seasonId: body.season, coachUserId: body.coachUser };
  if (await repo.teamNameTaken(db, { ...team, exceptId })) {
    throw conflict(`A team named "${body.name}" already exists in ${where}.`, 'name');
  }
  return { ...team, where };
}

export async function createTeam(db: Db, actor: Actor, body: TeamSave): Promise<Team> {
  const id = await db.transaction().execute(async (trx) => {
    const team = await checkSave(trx, body);
    const id = await repo.insertTeam(trx, team);
    await recordAudit(trx, actor, 'create', 'team', id, `${team.name} (${team.where})`);
    return id;
  });
  return presentOne(db, actor, id);
}

export async function updateTeam(db: Db, actor: Actor, id: number, body: TeamSave): Promise<Team> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findTeam(trx, id);
    if (!before) throw notFound();
    const team = await checkSave(trx, body, id);
    await repo.updateTeam(trx, id, team);
    const coachChange = before.coachUser === team.coachUserId ? '' : `, coach user ${before.coachUser} → ${team.coachUserId}`;
    await recordAudit(
      trx,
      actor,
      'update',
      'team',
      id,
      `${before.name} (${before.category}, season ${before.season}) → ${team.name} (${team.where})${coachChange}`,
    );
  });
  return presentOne(db, actor, id);
}

/** Deletes a team; its players stay, without this team. Answers how many lost it. */
export async function deleteTeam(db: Db, actor: Actor, id: number): Promise<{ id: number; playersUnassigned: number }> {
  const playersUnassigned = await db.transaction().execute(async (trx) => {
    const team = await repo.findTeam(trx, id);
    if (!team) throw notFound();
    const n = await repo.deleteTeam(trx, id);
    await recordAudit(
      trx,
      actor,
      'delete',
      'team',
      id,
      `${team.name} (${team.category}, season ${team.season}); ${n} player(s) kept without this team`,
    );
    return n;
  });
  return { id, playersUnassigned };
}

/** POST /api/teams/bulk: every row is checked before any is written (docs/product.md#errors). */
export async function importTeams(
  db: Db,
  actor: Actor,
  input: { category: number; season: number; file: Buffer },
): Promise<{ created: number }> {
  const rows = parseTeamCsv(input.file);
  const created = await db.transaction().execute(async (trx) => {
    const where = await placeOf(trx, input.category, input.season);
    const { errors, teams } = checkTeamRows(rows, {
      coaches: await repo.coachesByEmail(trx, rows.map((r) => r.coachEmail).filter(Boolean)),
      existingNames: await repo.teamNamesIn(trx, input.category, input.season),
      categoryId: input.category,
      seasonId: input.season,
      where,
    });
    // All or nothing: one bad row and no team is created.
    if (errors.length) throw badRequest(errors.join('\n'), 'bulkFile');
    const n = await repo.insertTeams(trx, teams);
    await recordAudit(trx, actor, 'bulk_upload', 'team', null, `${n} team(s) into ${where}`);
    return n;
  });
  return { created };
}
