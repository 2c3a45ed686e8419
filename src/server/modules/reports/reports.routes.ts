import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  bulkApproveResultSchema,
  draftCreateResultSchema,
  draftCreateSchema,
  reportSaveSchema,
  reportSchema,
  teamReportsSchema,
} from '../../../shared/schemas/report.js';
import { reportApproveSchema, reportGoalDraftsSchema } from '../../../shared/schemas/goal.js';
import { access, requireActor } from '../../policies/access.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as service from './reports.service.js';

const tags = ['reports'];

/** Writing and approving reports (ADR 0020); a report is reached through the team it was written for. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: idParam });
  const teamParams = z.object({ id: idParam, teamId: idParam });

  r.get('/api/report-cycle/:id/team/:teamId/reports', {
    config: { access: access.need('reports', 1) },
    schema: { tags, params: teamParams, response: { 200: okEnvelope(teamReportsSchema), ...readErrors } },
    handler: async (req) => read(await service.teamReports(app.db, requireActor(req), req.params.id, req.params.teamId)),
  });

  r.post('/api/report-cycle/:id/team/:teamId/reports', {
    config: { access: access.need('reports', 2) },
    schema: {
      tags,
      params: teamParams,
      body: draftCreateSchema,
      response: { 200: writeEnvelope(draftCreateResultSchema), ...writeErrors },
    },
    handler: async (req) => written(await service.createDrafts(app.db, requireActor(req), req.params.id, req.params.teamId, req.body)),
  });

  r.post('/api/report-cycle/:id/team/:teamId/approve', {
    config: { access: access.need('reports', 2) },
    schema: { tags, params: teamParams, response: { 200: writeEnvelope(bulkApproveResultSchema), ...writeErrors } },
    handler: async (req) => written(await service.approveTeam(app.db, requireActor(req), req.params.id, req.params.teamId)),
  });

  r.get('/api/report/:id', {
    config: { access: access.need('reports', 1) },
    schema: { tags, params, response: { 200: okEnvelope(reportSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      return read(await service.presentReport(app.db, await service.loadReport(app.db, actor, req.params.id)));
    },
  });

  r.post('/api/report/:id', {
    config: { access: access.need('reports', 2) },
    schema: { tags, params, body: reportSaveSchema, response: { 200: writeEnvelope(reportSchema), ...writeErrors } },
    handler: async (req) => written(await service.saveDraft(app.db, requireActor(req), req.params.id, req.body)),
  });

  // With goals: the things to work on the coach confirmed become goals in the same transaction.
  r.post('/api/report/:id/approve', {
    config: { access: access.need('reports', 2) },
    schema: { tags, params, body: reportApproveSchema, response: { 200: writeEnvelope(reportSchema), ...writeErrors } },
    handler: async (req) => written(await service.approveReport(app.db, requireActor(req), req.params.id, req.body)),
  });

  r.get('/api/report/:id/goal-drafts', {
    config: { access: access.need('reports', 2) },
    schema: { tags, params, response: { 200: okEnvelope(reportGoalDraftsSchema), ...readErrors } },
    handler: async (req) => read(await service.reportGoalDrafts(app.db, requireActor(req), req.params.id)),
  });

  for (const [action, run] of [
    ['reissue', service.reissueReport],
    ['revoke', service.revokeReport],
  ] as const) {
    r.post(`/api/report/:id/${action}`, {
      config: { access: access.need('reports', 2) },
      schema: { tags, params, response: { 200: writeEnvelope(reportSchema), ...writeErrors } },
      handler: async (req) => written(await run(app.db, requireActor(req), req.params.id)),
    });
  }
}
