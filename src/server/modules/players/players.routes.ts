import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAddPlayers } from '../../../shared/permissions.js';
import { errorBody, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  playerCreateSchema,
  playerDeletedSchema,
  playerListQuerySchema,
  playerListSchema,
  playerSchema,
  playerUpdateSchema,
  teamOptionSchema,
} from '../../../shared/schemas/player.js';
import { access, denied, requireActor } from '../../policies/access.js';
import { assertPlayerReachable } from '../../policies/players.js';
import { reachableTeamIds } from '../../policies/teams.js';
import { deleteFilesById, deleteFilesByKey } from '../../files/files.repository.js';
import { notFound } from '../../lib/errors.js';
import { jsonTextOf, sendDataText } from '../../lib/json-text.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import { achievementsRoutes } from './achievements.routes.js';
import * as accounts from './accounts.repository.js';
import { sendMovedNotice, sendWelcomes, syncAccount } from './accounts.service.js';
import { analysisRoutes } from './player-analysis.routes.js';
import { bulkRoutes } from './import.routes.js';
import { exportRoutes } from './export.routes.js';
import { reachablePlayer, playerMessages } from '../../policies/players.js';
import { reachableTeam } from '../../policies/teams.js';
import { idParam, idParams } from '../../../shared/schemas/common.js';
import { notesRoutes } from './notes.routes.js';
import { photosRoutes } from './photos.routes.js';
import * as repo from './players.repository.js';
import { applyPhoto, assertNotDuplicate, assertPlayerDeletable, cachedPlayerView, listItems, listPage, photoChange, playerView, resolveTeams } from './players.service.js';

const tags = ['players'];
const readErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const writeErrors = { ...readErrors, 409: errorBody, 413: errorBody };
// Cached views go out as JSON text made once per cached value (lib/json-text.ts).
const playerListText = jsonTextOf(playerListSchema);
const playerText = jsonTextOf(playerSchema);

export async function playersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const mustView = async (id: number) => {
    const view = await playerView(app.db, id);
    if (!view) throw notFound(playerMessages.playerNotFound);
    return view;
  };

  r.get('/api/players', {
    config: { access: access.need('players', 1) },
    schema: { tags, querystring: playerListQuerySchema, response: { 200: okEnvelope(playerListSchema), ...readErrors } },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      const { team_id, category, q, page, pageSize } = req.query;
      const scope = await reachableTeamIds(app.db, actor);
      if (team_id !== undefined && scope !== null && !scope.includes(team_id)) throw denied();
      return sendDataText(reply, playerListText(await listPage(app.db, { scope, teamId: team_id, categoryId: category, q }, page, pageSize)));
    },
  });

  r.get('/api/team/:teamId/players', {
    config: { access: access.need('players', 1) },
    schema: { tags, params: z.object({ teamId: idParam }), querystring: playerListQuerySchema.omit({ team_id: true }), response: { 200: okEnvelope(playerListSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const team = await reachableTeam(app.db, actor, req.params.teamId);
      const { category, q, page, pageSize } = req.query;
      const { rows, total } = await repo.listPlayers(app.db, { scope: null, teamId: team.id, categoryId: category, q }, page, pageSize);
      return read({ data: await listItems(app.db, rows), total, page, pageSize, team });
    },
  });

  r.get('/api/players/team-options', {
    config: { access: access.need('players', 1) },
    schema: { tags, response: { 200: okEnvelope(z.array(teamOptionSchema)), 401: errorBody, 403: errorBody } },
    handler: async (req) => read(await repo.teamOptions(app.db, await reachableTeamIds(app.db, requireActor(req)))),
  });

  r.get('/api/player/:id', {
    config: { access: access.selfOr('players', 1) },
    schema: { tags, params: idParams, response: { 200: okEnvelope(playerSchema), ...readErrors } },
    handler: async (req, reply) => {
      const actor = requireActor(req);
      // The cached view doubles as the existence check of reachablePlayer: unknown 404, then 403.
      const view = await cachedPlayerView(app.db, req.params.id);
      if (!view) throw notFound(playerMessages.playerNotFound);
      await assertPlayerReachable(app.db, actor, req.params.id);
      return sendDataText(reply, playerText(view));
    },
  });

  r.post('/api/players', {
    config: { access: access.need('players', 2) },
    schema: { tags, body: playerCreateSchema, response: { 200: writeEnvelope(playerSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      if (!canAddPlayers(actor)) throw denied();
      const b = req.body;
      const teamIds = await resolveTeams(app.db, actor, b.team_id, []);
      await assertNotDuplicate(app.db, b);
      const photo = await photoChange(b.profile_img, null);
      const { id, welcome } = await app.db.transaction().execute(async (trx) => {
        const profile_img = await applyPhoto(trx, photo, null);
        const values = { first_name: b.first_name, last_name: b.last_name, email: b.email, player_email: b.player_email, dob: b.dob, profile_img };
        const id = await repo.insertPlayer(trx, values);
        await repo.setTeams(trx, id, teamIds);
        const { welcome } = await syncAccount(trx, actor, { id, ...values });
        await recordAudit(trx, actor, 'create', 'player', id, `${b.first_name} ${b.last_name}`);
        return { id, welcome };
      });
      await sendWelcomes(app, welcome ? [welcome] : []);
      return written(await mustView(id));
    },
  });

  r.post('/api/player/:id', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, body: playerUpdateSchema, response: { 200: writeEnvelope(playerSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await reachablePlayer(app.db, actor, id);
      const current = (await repo.findPlayer(app.db, id))!;
      const b = req.body;
      const teamIds = await resolveTeams(app.db, actor, b.team_id, await repo.teamIdsOf(app.db, id));
      await assertNotDuplicate(app.db, { ...b, email: current.email }, id);
      const photo = await photoChange(b.profile_img, current.profile_img);
      const teamNames = async (db: typeof app.db) => ((await repo.membershipsOf(db, [id])).get(id) ?? []).map((t) => t.name);
      const before = { ...current, teams: await teamNames(app.db) };
      const { welcome, moved } = await app.db.transaction().execute(async (trx) => {
        const profile_img = await applyPhoto(trx, photo, current.profile_img);
        const values = { first_name: b.first_name, last_name: b.last_name, player_email: b.player_email, dob: b.dob, profile_img };
        await repo.updatePlayer(trx, id, values);
        await repo.setTeams(trx, id, teamIds);
        const account = await syncAccount(trx, actor, { id, ...values });
        const changes = describeChanges(before, { ...values, teams: await teamNames(trx) }, ['first_name', 'last_name', 'player_email', 'dob', 'profile_img', 'teams']);
        await recordAudit(trx, actor, 'update', 'player', id, `${b.first_name} ${b.last_name}: ${changes}`);
        return account;
      });
      await sendMovedNotice(app, moved);
      await sendWelcomes(app, welcome ? [welcome] : []);
      return written(await mustView(id));
    },
  });

  r.post('/api/player/:id/delete', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: idParams, response: { 200: writeEnvelope(playerDeletedSchema), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      await reachablePlayer(app.db, actor, id);
      await assertPlayerDeletable(app.db, actor, id);
      const result = await app.db.transaction().execute(async (trx) => {
        const player = (await repo.findPlayer(trx, id))!;
        const counts = await repo.dependentsOf(trx, id);
        const account = await accounts.linkedAccount(trx, id);
        if (account) await accounts.deleteAccount(trx, account.id);
        await repo.deletePlayer(trx, id);
        await deleteFilesById(trx, [player.pdf_file_id]);
        await deleteFilesByKey(trx, [player.profile_img]);
        const summary = `${player.first_name} ${player.last_name}: ${counts.evaluations} evaluations, ${counts.notes} notes, ${counts.achievements} achievements${account ? ', sign-in account' : ''}`;
        await recordAudit(trx, actor, 'delete', 'player', id, summary);
        return { id, ...counts, account: !!account };
      });
      return written(result);
    },
  });

  r.post('/api/team/:teamId/player/:id/remove', {
    config: { access: access.need('players', 2) },
    schema: { tags, params: z.object({ teamId: idParam, id: idParam }), response: { 200: writeEnvelope(z.object({ id: z.number(), teamId: z.number() })), ...readErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { teamId, id } = req.params;
      const team = await reachableTeam(app.db, actor, teamId);
      await app.db.transaction().execute(async (trx) => {
        if (!(await repo.removeFromTeam(trx, teamId, id))) throw notFound('This player is not in this team.');
        await recordAudit(trx, actor, 'remove_from_team', 'player', id, `removed from ${team.name}`);
      });
      return written({ id, teamId });
    },
  });

  await notesRoutes(app);
  await achievementsRoutes(app);
  await analysisRoutes(app);
  await photosRoutes(app);
  await bulkRoutes(app);
  await exportRoutes(app);
}
