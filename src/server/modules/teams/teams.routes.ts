import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/team.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeTeam, reachableTeamIds } from '../../policies/teams.js';
import { readCsvForm } from '../../lib/csv-form.js';
import { badRequest } from '../../lib/errors.js';
import { jsonTextOf, objectText, sendDataText, sendJsonText } from '../../lib/json-text.js';
import { errors, read, readErrors, written } from '../../lib/reply.js';
import * as service from './teams.service.js';

const tags = ['teams'];
const uploadErrors = errors(400, 401, 403, 404, 409, 413);
// The cached list goes out as JSON text made once per cached value (lib/json-text.ts).
const teamsText = jsonTextOf(z.array(schemas.teamSchema));

export async function teamsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: idParam });

  r.get('/api/teams', {
    config: { access: access.need('teams', 1) },
    schema: { tags, querystring: schemas.teamListQuerySchema, response: { 200: schemas.teamListSchema, ...readErrors } },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const { category, limit, after } = req.query;
      const filter = { teamIds: await reachableTeamIds(app.db, actor), categoryId: category };
      // Without limit or after, the whole list as before (the team pickers of other screens read it).
      if (limit === undefined && after === undefined) return sendDataText(reply, teamsText(await service.listTeams(app.db, actor, filter)));
      const { rows, next } = await service.listTeamsPage(app.db, actor, filter, { limit, after });
      return sendJsonText(reply, objectText({ data: teamsText(rows) }, { next }));
    },
  });

  r.get('/api/teams/coach-options', {
    config: { access: access.need('teams', 2) },
    schema: { tags, response: { 200: okEnvelope(z.array(schemas.coachOptionSchema)), ...readErrors } },
    handler: async () => read(await service.coachOptions(app.db)),
  });

  r.get('/api/coach/:coachId/teams', {
    config: { access: access.need('teams', 2) },
    schema: {
      tags,
      params: z.object({ coachId: idParam }),
      querystring: schemas.coachTeamsQuerySchema,
      response: { 200: z.object({ data: z.array(schemas.teamSchema), coach: schemas.coachSummarySchema }), ...readErrors },
    },
    handler: async (req) => service.coachTeams(app.db, requireActor(req), req.params.coachId, req.query.category),
  });

  r.get('/api/team/:id', {
    config: { access: access.need('teams', 1) },
    schema: { tags, params, response: { 200: okEnvelope(schemas.teamSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeTeam(app.db, actor, req.params.id);
      return read(await service.presentOne(app.db, actor, req.params.id));
    },
  });

  r.post('/api/teams', {
    config: { access: access.need('teams', 2) },
    schema: { tags, body: schemas.teamSaveSchema, response: { 200: writeEnvelope(schemas.teamSchema), ...uploadErrors } },
    handler: async (req) => written(await service.createTeam(app.db, requireActor(req), req.body)),
  });

  r.post('/api/team/:id', {
    config: { access: access.need('teams', 2) },
    schema: { tags, params, body: schemas.teamSaveSchema, response: { 200: writeEnvelope(schemas.teamSchema), ...uploadErrors } },
    handler: async (req) => written(await service.updateTeam(app.db, requireActor(req), req.params.id, req.body)),
  });

  // docs/product.md#api sends the team's fields as the body; only the id in the path counts.
  r.post('/api/team/:id/delete', {
    config: { access: access.need('teams', 2) },
    schema: { tags, params, response: { 200: writeEnvelope(schemas.teamDeleteResultSchema), ...uploadErrors } },
    handler: async (req) => written(await service.deleteTeam(app.db, requireActor(req), req.params.id)),
  });

  r.post('/api/teams/bulk', {
    config: { access: access.need('teams', 2) },
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: writeEnvelope(schemas.teamBulkResultSchema), ...uploadErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { fields, file } = await readCsvForm(req);
      const { category, season } = schemas.teamBulkFieldsSchema.parse(fields);
      if (!file) throw badRequest('This field is required', 'bulkFile');
      return written(await service.importTeams(app.db, actor, { category, season, file }));
    },
  });
}
