import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorBody, idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  coachOptionSchema,
  coachSummarySchema,
  teamBulkFieldsSchema,
  teamBulkResultSchema,
  teamDeleteResultSchema,
  teamListQuerySchema,
  teamSaveSchema,
  teamSchema,
  type TeamSave,
} from '../../../shared/schemas/team.js';
import { access, requireActor } from '../../policies/access.js';
import { assertTeamReachable, reachableTeamIds } from '../../policies/teams.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { jsonTextOf, sendDataText } from '../../lib/json-text.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { checkTeamRows, parseTeamCsv } from './teams.csv.js';
import { readCsvForm } from '../../lib/csv-form.js';
import * as repo from './teams.repository.js';
import { listTeams, present, presentOne } from './teams.service.js';
import { teamExists } from '../../policies/scope.repository.js';

const tags = ['teams'];
const readErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const writeErrors = { ...readErrors, 409: errorBody, 413: errorBody };
// The cached list goes out as JSON text made once per cached value (lib/json-text.ts).
const teamsText = jsonTextOf(z.array(teamSchema));

/** Checks a save payload against the database: 400 naming the field, 409 on a duplicate name. */
async function checkSave(db: Kysely<DB>, body: TeamSave, exceptId?: number): Promise<repo.TeamWrite & { where: string }> {
  const club = await repo.categoryName(db, body.category);
  if (club === undefined) throw badRequest('This club does not exist. Choose a club from the list.', 'category');
  const season = await repo.seasonName(db, body.season);
  if (season === undefined) throw badRequest('This season does not exist. Choose a season from the list.', 'season');
  if (!(await repo.isCoachRoleId(db, body.coachRole))) {
    throw badRequest('Choose a coach role (a role with teams permission 1 that is not an admin role).', 'coachRole');
  }
  const coach = await repo.findCoachCandidate(db, body.coachUser);
  if (!coach || coach.roleId !== body.coachRole) throw badRequest('This user does not have the chosen coach role.', 'coachUser');
  if (!coach.active) throw badRequest('This user is suspended and cannot coach a team.', 'coachUser');
  const where = `${club}, season ${season}`;
  const team = { name: body.name, categoryId: body.category, seasonId: body.season, coachUserId: body.coachUser };
  if (await repo.teamNameTaken(db, { ...team, exceptId })) {
    throw conflict(`A team named "${body.name}" already exists in ${where}.`, 'name');
  }
  return { ...team, where };
}

export async function teamsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: idParam });

  r.get('/api/teams', {
    config: { access: access.need('teams', 1) },
    schema: { tags, querystring: teamListQuerySchema, response: { 200: okEnvelope(z.array(teamSchema)), ...readErrors } },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const teamIds = await reachableTeamIds(app.db, actor);
      return sendDataText(reply, teamsText(await listTeams(app.db, actor, { teamIds, categoryId: req.query.category })));
    },
  });

  r.get('/api/teams/coach-options', {
    config: { access: access.need('teams', 2) },
    schema: { tags, response: { 200: okEnvelope(z.array(coachOptionSchema)), ...readErrors } },
    handler: async () => read(await repo.coachOptions(app.db)),
  });

  r.get('/api/coach/:coachId/teams', {
    config: { access: access.need('teams', 2) },
    schema: {
      tags,
      params: z.object({ coachId: idParam }),
      querystring: teamListQuerySchema,
      response: { 200: z.object({ data: z.array(teamSchema), coach: coachSummarySchema }), ...readErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const coach = await repo.findUser(app.db, req.params.coachId);
      if (!coach) throw notFound();
      const rows = await repo.listTeams(app.db, { teamIds: null, coachUserId: coach.id, categoryId: req.query.category });
      return { data: await present(app.db, actor, rows), coach };
    },
  });

  r.get('/api/team/:id', {
    config: { access: access.need('teams', 1) },
    schema: { tags, params, response: { 200: okEnvelope(teamSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      // Unknown ids are 404 for everyone; a coach reaching another coach's team is 403.
      if (!(await teamExists(app.db, req.params.id))) throw notFound();
      await assertTeamReachable(app.db, actor, req.params.id);
      return read(await presentOne(app.db, actor, req.params.id));
    },
  });

  r.post('/api/teams', {
    config: { access: access.need('teams', 2) },
    schema: { tags, body: teamSaveSchema, response: { 200: writeEnvelope(teamSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const id = await app.db.transaction().execute(async (trx) => {
        const team = await checkSave(trx, req.body);
        const id = await repo.insertTeam(trx, team);
        await recordAudit(trx, actor, 'create', 'team', id, `${team.name} (${team.where})`);
        return id;
      });
      return written(await presentOne(app.db, actor, id));
    },
  });

  r.post('/api/team/:id', {
    config: { access: access.need('teams', 2) },
    schema: { tags, params, body: teamSaveSchema, response: { 200: writeEnvelope(teamSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await app.db.transaction().execute(async (trx) => {
        const before = await repo.findTeam(trx, id);
        if (!before) throw notFound();
        const team = await checkSave(trx, req.body, id);
        await repo.updateTeam(trx, id, team);
        const coachChange = before.coachUser === team.coachUserId ? '' : `, coach user ${before.coachUser} → ${team.coachUserId}`;
        await recordAudit(trx, actor, 'update', 'team', id, `${before.name} (${before.category}, season ${before.season}) → ${team.name} (${team.where})${coachChange}`);
      });
      return written(await presentOne(app.db, actor, id));
    },
  });

  // docs/product.md#api sends the team's fields as the body; only the id in the path counts.
  r.post('/api/team/:id/delete', {
    config: { access: access.need('teams', 2) },
    schema: { tags, params, response: { 200: writeEnvelope(teamDeleteResultSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const playersUnassigned = await app.db.transaction().execute(async (trx) => {
        const team = await repo.findTeam(trx, id);
        if (!team) throw notFound();
        const n = await repo.deleteTeam(trx, id);
        await recordAudit(trx, actor, 'delete', 'team', id, `${team.name} (${team.category}, season ${team.season}); ${n} player(s) kept without this team`);
        return n;
      });
      return written({ id, playersUnassigned });
    },
  });

  r.post('/api/teams/bulk', {
    config: { access: access.need('teams', 2) },
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: writeEnvelope(teamBulkResultSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { fields, file } = await readCsvForm(req);
      const { category, season } = teamBulkFieldsSchema.parse(fields);
      if (!file) throw badRequest('This field is required', 'bulkFile');
      const rows = parseTeamCsv(file);
      const created = await app.db.transaction().execute(async (trx) => {
        const club = await repo.categoryName(trx, category);
        if (club === undefined) throw badRequest('This club does not exist. Choose a club from the list.', 'category');
        const seasonName = await repo.seasonName(trx, season);
        if (seasonName === undefined) throw badRequest('This season does not exist. Choose a season from the list.', 'season');
        const where = `${club}, season ${seasonName}`;
        const { errors, teams } = checkTeamRows(rows, {
          coaches: await repo.coachesByEmail(trx, rows.map((r) => r.coachEmail).filter(Boolean)),
          existingNames: await repo.teamNamesIn(trx, category, season),
          categoryId: category,
          seasonId: season,
          where,
        });
        // All or nothing: one bad row and no team is created.
        if (errors.length) throw badRequest(errors.join('\n'), 'bulkFile');
        const n = await repo.insertTeams(trx, teams);
        await recordAudit(trx, actor, 'bulk_upload', 'team', null, `${n} team(s) into ${where}`);
        return n;
      });
      return written({ created });
    },
  });
}
