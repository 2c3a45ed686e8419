import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  deliveryCycleSchema,
  deliveryPreviewSchema,
  deliverySendResultSchema,
  deliverySendSchema,
  reportLinkAnswerSchema,
  reportLinkSchema,
  reportReadSchema,
  reportSummarySchema,
  staffReportRowSchema,
} from '../../../shared/schemas/report-delivery.js';
import { familySnapshot, type ReportSnapshot } from '../../../shared/schemas/report-snapshot.js';
import { errors, read, readErrors, writeErrors, written } from '../../lib/reply.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeChild, requireGuardian } from '../../policies/family.js';
import { reachablePlayer } from '../../policies/players.js';
import { authorizeChildReport, authorizePlayerReport } from '../../policies/report-reading.js';
import { reachableTeam, reachableTeamIds } from '../../policies/teams.js';
import { startSession } from '../auth/session.plugin.js';
import { setFamilyCookie } from '../family/family-auth.service.js';
import { reportPdf } from './report-pdf.js';
import * as delivery from './delivery.service.js';
import { startGuardianSession } from './link-session.js';

const tags = ['reports'];
const teamCycle = z.object({ teamId: idParam, cycleId: idParam });
const playerReport = z.object({ playerId: idParam, reportId: idParam });
const childReport = z.object({ id: idParam, reportId: idParam });

async function sendPdf(reply: FastifyReply, snapshot: ReportSnapshot) {
  const name = `Report ${snapshot.player.first_name} ${snapshot.player.last_name} ${snapshot.cycle.name}`.replace(/[^\w .-]+/g, '');
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(await reportPdf(snapshot));
}

/** Sending reports and reading sent ones (docs/product.md#reports, ADR 0020 "Delivery"). */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Staff: preview then send a team × cycle
  r.get('/api/team/:teamId/report-delivery/cycles', {
    config: { access: access.need('reports', 1) },
    schema: { tags, params: z.object({ teamId: idParam }), response: { 200: okEnvelope(z.array(deliveryCycleSchema)), ...readErrors } },
    handler: async (req) => {
      const team = await reachableTeam(app.db, requireActor(req), req.params.teamId);
      return read(await delivery.cycles(app.db, team.id));
    },
  });

  r.get('/api/team/:teamId/report-delivery/:cycleId', {
    config: { access: access.need('reports', 1) },
    schema: { tags, params: teamCycle, response: { 200: okEnvelope(deliveryPreviewSchema), ...readErrors } },
    handler: async (req) => {
      const team = await reachableTeam(app.db, requireActor(req), req.params.teamId);
      return read(await delivery.preview(app.db, team, req.params.cycleId));
    },
  });

  r.post('/api/team/:teamId/report-delivery/:cycleId', {
    config: { access: access.need('reports', 2) },
    schema: {
      tags,
      params: teamCycle,
      body: deliverySendSchema,
      response: { 200: writeEnvelope(deliverySendResultSchema), ...writeErrors },
    },
    handler: async (req) => {
      const team = await reachableTeam(app.db, requireActor(req), req.params.teamId);
      return written(
        await delivery.send(app.db, app.mailer, { publicUrl: app.config.PUBLIC_URL, from: app.config.MAIL_FROM }, team, req.params.cycleId),
      );
    },
  });

  // Staff: the player's profile shows each report's deliveries (failures included)
  r.get('/api/player/:id/report-deliveries', {
    config: { access: access.need('reports', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(z.array(staffReportRowSchema)), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await reachablePlayer(app.db, actor, req.params.id);
      return read(await delivery.staffReports(app.db, req.params.id, await reachableTeamIds(app.db, actor)));
    },
  });

  // The one-time link of a report e-mail: signs the recipient in once and names the report to open
  r.post('/api/report-link/session', {
    config: { access: access.public, rateLimit: { max: app.config.LOGIN_MAX_PER_MINUTE, timeWindow: '1 minute' } },
    schema: { tags, body: reportLinkSchema, response: { 200: writeEnvelope(reportLinkAnswerSchema), ...errors(400, 410, 429) } },
    handler: async (req, reply) => {
      const use = await delivery.useLink(app.db, req.body.token);
      const answer = { kind: use.kind, player_id: use.player_id, report_id: use.report_id };
      if (use.kind === 'guardian') {
        const s = await startGuardianSession(app.db, use.guardian_id, app.config.SESSION_MAX_HOURS);
        setFamilyCookie(app, reply, s.token);
        return written({ ...answer, csrfToken: s.csrf });
      }
      await startSession(app, reply, use.user_id);
      // The player area reads its CSRF token from /api/auth/me, as after a password sign-in.
      return written({ ...answer, csrfToken: '' });
    },
  });

  // Family portal: the child's sent reports
  r.get('/api/family/player/:id/reports', {
    config: { access: access.family },
    schema: { tags, params: idParams, response: { 200: okEnvelope(z.array(reportSummarySchema)), ...readErrors } },
    handler: async (req) => {
      const link = await authorizeChild(app.db, requireGuardian(req), req.params.id);
      return read(await delivery.sentReports(app.db, link.player_id, null));
    },
  });

  r.get('/api/family/player/:id/report/:reportId', {
    config: { access: access.family },
    schema: { tags, params: childReport, response: { 200: okEnvelope(reportReadSchema), ...readErrors } },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeChild(app.db, guardian, req.params.id);
      const report = await authorizeChildReport(app.db, link.player_id, req.params.reportId);
      const opened = await delivery.open(app.db, report, { guardian_id: guardian.id });
      // The family's copy: only the goals marked visible to family.
      return read({ ...opened, snapshot: familySnapshot(opened.snapshot) });
    },
  });

  r.get('/api/family/player/:id/report/:reportId/pdf', {
    config: { access: access.family },
    schema: { tags, params: childReport, produces: ['application/pdf'], description: 'The report as a PDF. Errors: 400, 401, 403, 404.' },
    handler: async (req, reply) => {
      const link = await authorizeChild(app.db, requireGuardian(req), req.params.id);
      return sendPdf(reply, familySnapshot(delivery.snapshotOf(await authorizeChildReport(app.db, link.player_id, req.params.reportId))));
    },
  });

  // Player area (the player themself) and staff reaching the player through the report's team
  r.get('/api/player-area/:playerId/reports', {
    config: { access: access.selfOr('reports', 1) },
    schema: { tags, params: z.object({ playerId: idParam }), response: { 200: okEnvelope(z.array(reportSummarySchema)), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await reachablePlayer(app.db, actor, req.params.playerId);
      return read(
        await delivery.sentReports(app.db, req.params.playerId, actor.playerId === null ? await reachableTeamIds(app.db, actor) : null),
      );
    },
  });

  r.get('/api/player-area/:playerId/report/:reportId', {
    config: { access: access.selfOr('reports', 1) },
    schema: { tags, params: playerReport, response: { 200: okEnvelope(reportReadSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const report = await authorizePlayerReport(app.db, actor, req.params.playerId, req.params.reportId);
      return read(await delivery.open(app.db, report, actor.playerId === null ? null : { user_id: actor.id }));
    },
  });

  r.get('/api/player-area/:playerId/report/:reportId/pdf', {
    config: { access: access.selfOr('reports', 1) },
    schema: { tags, params: playerReport, produces: ['application/pdf'], description: 'The report as a PDF. Errors: 400, 401, 403, 404.' },
    handler: async (req, reply) => {
      const report = await authorizePlayerReport(app.db, requireActor(req), req.params.playerId, req.params.reportId);
      return sendPdf(reply, delivery.snapshotOf(report));
    },
  });
}
