import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  familyGoalsSchema,
  goalCheckInSaveSchema,
  goalCreateSchema,
  goalCriteriaSchema,
  goalDeclineSchema,
  goalListSchema,
  goalSchema,
  goalStateChangeSchema,
  goalSuggestionsSchema,
  goalUpdateSchema,
  teamGoalCreateSchema,
  teamGoalResultSchema,
  teamGoalsSchema,
} from '../../../shared/schemas/goal.js';
import { access, requireActor } from '../../policies/access.js';
import { authorizeChild, requireGuardian } from '../../policies/family.js';
import { authorizeGoal, familyGoalsScope, mayProposeGoal } from '../../policies/goals.js';
import { actorReachingPlayer, reachablePlayer } from '../../policies/players.js';
import { resourceViewer } from '../../policies/resources.js';
import { reachableTeam } from '../../policies/teams.js';
import { jsonTextOf, sendDataText } from '../../lib/json-text.js';
import { read, readErrors, writeErrors, written } from '../../lib/reply.js';
import * as service from './goals.service.js';

const tags = ['goals'];
// The kept team page goes out as JSON text made once per kept value (lib/json-text.ts).
const teamGoalsText = jsonTextOf(teamGoalsSchema);
const goalParams = idParams.extend({ goalId: idParams.shape.id });

/** Development plans (docs/product.md#goals): a player's goals, their states and check-ins; the family's visible ones. */
export async function goalsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/player/:id/goals', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(goalListSchema), ...readErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      return read({ goals: await service.listGoals(app.db, req.params.id, resourceViewer(actor)) });
    },
  });

  r.get('/api/player/:id/goal-suggestions', {
    config: { access: access.need('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(goalSuggestionsSchema), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      const [suggestions, criteria] = await Promise.all([
        service.suggestGoals(app.db, req.params.id),
        service.goalCriteria(app.db, req.params.id),
      ]);
      return read({ suggestions, criteria });
    },
  });

  r.post('/api/player/:id/goals', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: goalCreateSchema, response: { 200: writeEnvelope(goalSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = await actorReachingPlayer(app.db, req);
      return written(await service.createGoal(app.db, actor, req.params.id, req.body, resourceViewer(actor)));
    },
  });

  r.post('/api/player/:id/goal/:goalId', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: goalParams, body: goalUpdateSchema, response: { 200: writeEnvelope(goalSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeGoal(app.db, actor, req.params.id, req.params.goalId);
      return written(await service.updateGoal(app.db, actor, req.params.goalId, req.body, resourceViewer(actor)));
    },
  });

  r.post('/api/player/:id/goal/:goalId/state', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: goalParams, body: goalStateChangeSchema, response: { 200: writeEnvelope(goalSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeGoal(app.db, actor, req.params.id, req.params.goalId);
      return written(await service.changeState(app.db, actor, req.params.goalId, req.body, resourceViewer(actor)));
    },
  });

  // The player checks in on their own goals (selfOr); staff need players write.
  r.post('/api/player/:id/goal/:goalId/check-ins', {
    config: { access: access.selfOr('players', 2) },
    schema: { tags, params: goalParams, body: goalCheckInSaveSchema, response: { 200: writeEnvelope(goalSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeGoal(app.db, actor, req.params.id, req.params.goalId);
      return written(await service.addCheckIn(app.db, actor, req.params.goalId, req.body, resourceViewer(actor)));
    },
  });

  // The proposal form's criteria with the player's current scores (the player reads their own; staff too).
  r.get('/api/player/:id/goal-criteria', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(goalCriteriaSchema), ...readErrors } },
    handler: async (req) => {
      await actorReachingPlayer(app.db, req);
      return read({ criteria: await service.goalCriteria(app.db, req.params.id) });
    },
  });

  // Only the player themself proposes (policies/goals.ts mayProposeGoal); the coach then accepts or declines.
  r.post('/api/player/:id/goal-proposals', {
    config: { access: access.signedIn },
    schema: { tags, params: idParams, body: goalCreateSchema, response: { 200: writeEnvelope(goalSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      mayProposeGoal(actor, req.params.id);
      await reachablePlayer(app.db, actor, req.params.id);
      return written(await service.proposeGoal(app.db, actor, req.params.id, req.body, resourceViewer(actor)));
    },
  });

  r.post('/api/player/:id/goal/:goalId/accept', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: goalParams, body: goalUpdateSchema, response: { 200: writeEnvelope(goalSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeGoal(app.db, actor, req.params.id, req.params.goalId);
      return written(await service.acceptGoal(app.db, actor, req.params.goalId, req.body, resourceViewer(actor)));
    },
  });

  r.post('/api/player/:id/goal/:goalId/decline', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: goalParams, body: goalDeclineSchema, response: { 200: writeEnvelope(goalSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      await authorizeGoal(app.db, actor, req.params.id, req.params.goalId);
      return written(await service.declineGoal(app.db, actor, req.params.goalId, req.body, resourceViewer(actor)));
    },
  });

  r.get('/api/team/:id/goals', {
    config: { access: access.need('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(teamGoalsSchema), ...readErrors } },
    handler: async (req, reply) =>
      sendDataText(reply, teamGoalsText(await service.teamGoals(app.db, await reachableTeam(app.db, requireActor(req), req.params.id)))),
  });

  // One goal for many players of the team, each their own copy (one transaction, audited once).
  r.post('/api/team/:id/goals', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: teamGoalCreateSchema, response: { 200: writeEnvelope(teamGoalResultSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      return written(await service.createTeamGoal(app.db, actor, await reachableTeam(app.db, actor, req.params.id), req.body));
    },
  });

  r.get('/api/family/player/:id/goals', {
    config: { access: access.family },
    schema: { tags, params: idParams, response: { 200: okEnvelope(familyGoalsSchema), ...readErrors } },
    handler: async (req) => {
      const guardian = requireGuardian(req);
      const link = await authorizeChild(app.db, guardian, req.params.id);
      const scope = await familyGoalsScope(app.db, guardian.id, link.player_id);
      return read(
        scope === 'visible'
          ? { goals: await service.familyGoals(app.db, link.player_id), hidden: null }
          : { goals: [], hidden: 'noConsent' as const },
      );
    },
  });
}
