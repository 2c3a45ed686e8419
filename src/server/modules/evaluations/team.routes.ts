import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  fieldErrorsBody,
  parseScore,
  scoreLabel,
  teamEvaluationSheetQuerySchema,
  teamEvaluationSheetSchema,
  teamEvaluationsSaveSchema,
  teamEvaluationsSavedSchema,
} from '../../../shared/schemas/evaluation.js';
import { scorePercentage } from '../../../shared/scoring.js';
import { access, requireActor } from '../../policies/access.js';
import { assertTeamReachable } from '../../policies/teams.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { nowIso, todayDate } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { checkDate, evaluatorName, transact } from './evaluations.helpers.js';
import * as repo from './evaluations.repository.js';
import { findTeamName } from '../../policies/scope.repository.js';

const tags = ['evaluations'];
const params = z.object({ id: idParam });

/** The courtside screen: one criterion, every player of a team, one save. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/team/:id/evaluations', {
    config: { access: access.need('evaluation', 1) },
    schema: {
      tags,
      params,
      querystring: teamEvaluationSheetQuerySchema,
      response: { 200: okEnvelope(teamEvaluationSheetSchema), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      // 404 for an unknown id before the coach check (403), as in the players module.
      const team = await findTeamName(app.db, id);
      if (!team) throw notFound();
      await assertTeamReachable(app.db, actor, id);
      const criterion = req.query.criteria_id ? await repo.findScoringCriterion(app.db, req.query.criteria_id) : undefined;
      const rows = await repo.teamPlayersWithCurrent(app.db, id, criterion?.id);
      return read({
        team,
        players: rows.map((p) => ({
          id: p.id,
          name: `${p.first_name} ${p.last_name}`,
          profile_img: p.profile_img,
          current:
            criterion && p.score !== null && p.date !== null
              ? { score: Number(p.score), scoreLabel: scoreLabel(criterion.kind, Number(p.score)), date: p.date }
              : null,
        })),
      });
    },
  });

  r.post('/api/team/:id/evaluations', {
    config: { access: access.need('evaluation', 2) },
    schema: {
      tags,
      params,
      body: teamEvaluationsSaveSchema,
      response: {
        200: writeEnvelope(teamEvaluationsSavedSchema),
        400: fieldErrorsBody,
        401: errorBody,
        403: errorBody,
        404: errorBody,
        409: errorBody,
      },
    },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const { id: teamId } = req.params;
      const b = req.body;
      // 404 for an unknown id before the coach check (403), as in the players module.
      const team = await findTeamName(app.db, teamId);
      if (!team) throw notFound();
      await assertTeamReachable(app.db, actor, teamId);
      const criterion = await repo.findScoringCriterion(app.db, b.criteria_id);
      if (!criterion) throw badRequest('Please choose an existing criterion.', 'criteria_id');
      const date = b.date ?? todayDate();
      checkDate(date);

      // Membership is the object-level rule here: a coach reaches this team, so only its players.
      const members = new Map(
        (await repo.teamPlayersWithCurrent(app.db, teamId, undefined)).map((p) => [p.id, `${p.first_name} ${p.last_name}`]),
      );
      const errors: { field: string; message: string }[] = [];
      const seen = new Set<number>();
      const scores: { playerId: number; score: number; notes: string }[] = [];
      b.scores.forEach((s, i) => {
        if (!members.has(s.player_id)) return errors.push({ field: `scores.${i}.player_id`, message: 'This player is not on the team.' });
        if (seen.has(s.player_id))
          return errors.push({ field: `scores.${i}.player_id`, message: `${members.get(s.player_id)} is listed twice.` });
        seen.add(s.player_id);
        const parsed = parseScore(criterion.kind, s.score);
        if ('error' in parsed) return errors.push({ field: `scores.${i}.score`, message: parsed.error });
        scores.push({ playerId: s.player_id, score: parsed.score, notes: s.notes });
      });
      if (errors.length) {
        const first = errors[0]!;
        const message = errors.length === 1 ? first.message : `${errors.length} scores need attention.`;
        return reply.status(400).send({ message, field: first.field, errors });
      }

      const name = b.evaluator_name?.trim() || (await evaluatorName(app, actor, {}));
      const now = nowIso();
      await transact(() =>
        app.db.transaction().execute(async (trx) => {
          await repo.insertEvaluations(
            trx,
            scores.map((s) => ({
              player_id: s.playerId,
              criterion_id: criterion.id,
              score: s.score,
              score_percentage: scorePercentage(criterion.kind, s.score, criterion.weight),
              evaluator_user_id: actor.id,
              evaluator_name: name,
              date,
              notes: s.notes,
              video_links: '[]',
              created_at: now,
              updated_at: now,
            })),
          );
          await repo.recomputeCurrent(trx, { criterionId: criterion.id, playerIds: scores.map((s) => s.playerId) });
          await recordAudit(
            trx,
            actor,
            'create',
            'evaluation',
            null,
            `team ${team.name}: ${criterion.name} for ${scores.length} player(s)`,
          );
        }),
      );
      return written({ saved: scores.length });
    },
  });
}
