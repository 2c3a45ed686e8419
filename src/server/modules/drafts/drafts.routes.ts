import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import * as s from '../../../shared/schemas/draft.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeCandidateSource, authorizeDraft, authorizeDraftTeams, visibleDrafts } from '../../policies/drafts.js';
import { jsonTextOf, sendDataText } from '../../lib/json-text.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as service from './drafts.service.js';

const tags = ['drafts'];
const teamsWrite = access.need('teams', 2);
const result = { 200: writeEnvelope(s.writeResultSchema), ...writeErrors };
// The kept board goes out as JSON text made once per kept value (lib/json-text.ts): 500 cards
// validated and serialized on every read cost more than the rest of the request.
const boardText = jsonTextOf(s.boardSchema);
const stale = ' Every write sends expected_version; a stale one is 409 naming what changed since.';

/** The draft board (docs/product.md#draft-board, ADR 0025): teams write, and every team of the draft reached. */
export async function draftsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get('/api/drafts', {
    config: { access: teamsWrite },
    schema: { tags, querystring: s.draftsQuerySchema, response: { 200: okEnvelope(z.array(s.draftSummarySchema)), ...readErrors } },
    handler: async (req) => read(await visibleDrafts(db, requireActor(req), await service.list(db, req.query.season_id))),
  });

  r.post('/api/drafts', {
    config: { access: teamsWrite },
    schema: {
      tags,
      body: s.draftCreateSchema,
      response: { 200: writeEnvelope(z.object({ id: z.number(), version: z.number() })), ...writeErrors },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeDraftTeams(
        db,
        actor,
        req.body.teams.map((t) => t.team_id),
      );
      return written(await service.create(db, actor, req.body));
    },
  });

  r.get('/api/draft/:id', {
    config: { access: teamsWrite },
    schema: { tags, params: idParams, response: { 200: okEnvelope(s.boardSchema), ...readErrors } },
    handler: async (req, reply) =>
      sendDataText(reply, boardText(await service.board(db, await authorizeDraft(db, requireActor(req), req.params.id)))),
  });

  r.get('/api/draft/:id/history', {
    config: { access: teamsWrite },
    schema: { tags, params: idParams, response: { 200: okEnvelope(z.array(s.draftEventSchema)), ...readErrors } },
    handler: async (req) => read(await service.history(db, await authorizeDraft(db, requireActor(req), req.params.id))),
  });

  r.post('/api/draft/:id/candidates', {
    config: { access: teamsWrite },
    schema: {
      tags,
      description: `Adds a published session's players, a team's players or players by id.${stale}`,
      params: idParams,
      body: s.candidatesAddSchema,
      response: result,
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { draft, session, team } = await authorizeCandidateSource(db, actor, req.params.id, req.body);
      return written(await service.addCandidates(db, actor, draft, req.body, { session, team }));
    },
  });

  r.post('/api/draft/:id/team/:teamId/target', {
    config: { access: teamsWrite },
    schema: { tags, params: s.draftTeamParams, body: s.targetSchema, response: result },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(db, actor, req.params.id);
      return written(await service.setTarget(db, actor, draft, req.params.teamId, req.body));
    },
  });

  r.post('/api/draft/:id/move', {
    config: { access: teamsWrite },
    schema: {
      tags,
      description: `Moves a candidate to a team of the draft or to the pool (team_id null). Into a team of another age group only with override: true (else 409).${stale}`,
      params: idParams,
      body: s.moveSchema,
      response: result,
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(db, actor, req.params.id);
      return written(await service.move(db, actor, draft, req.body));
    },
  });

  r.post('/api/draft/:id/candidate/:playerId', {
    config: { access: teamsWrite },
    schema: {
      tags,
      description: `Pins or unpins a candidate, sets their decision or position.${stale}`,
      params: s.draftCandidateParams,
      body: s.candidateUpdateSchema,
      response: result,
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(db, actor, req.params.id);
      return written(await service.updateCandidate(db, actor, draft, req.params.playerId, req.body));
    },
  });

  r.post('/api/draft/:id/decisions', {
    config: { access: teamsWrite },
    schema: {
      tags,
      description: `Sets one decision for many candidates (the board's selection): one history entry and audit row each.${stale}`,
      params: idParams,
      body: s.bulkDecisionSchema,
      response: result,
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(db, actor, req.params.id);
      return written(await service.decideMany(db, actor, draft, req.body));
    },
  });

  r.post('/api/draft/:id/suggest', {
    config: { access: teamsWrite },
    schema: {
      tags,
      description: `Places the unpinned candidates by a snake draft on their totals: raw (default) or fair (basis: 'fair').${stale}`,
      params: idParams,
      body: s.suggestSchema,
      response: result,
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(db, actor, req.params.id);
      return written(await service.runSuggest(db, actor, draft, req.body));
    },
  });

  r.post('/api/draft/:id/finalise', {
    config: { access: teamsWrite },
    schema: {
      tags,
      description: `Writes the placed, selected candidates into their teams and locks the draft.${stale}`,
      params: idParams,
      body: s.versionOnlySchema,
      response: result,
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(db, actor, req.params.id);
      return written(await service.finalise(db, actor, draft, req.body.expected_version));
    },
  });

  r.post('/api/draft/:id/revision', {
    config: { access: teamsWrite },
    schema: {
      tags,
      description: `After Finalise: changes placements or decisions with a reason; memberships follow. A change into a team of another age group needs override: true.${stale}`,
      params: idParams,
      body: s.revisionSchema,
      response: result,
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const draft = await authorizeDraft(db, actor, req.params.id);
      return written(await service.revise(db, actor, draft, req.body));
    },
  });
}
