import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import {
  achievementSaveSchema,
  achievementSchema,
  categorySchema,
  levelSaveSchema,
  levelSchema,
  nameSaveSchema,
  seasonSchema,
  settingsSaveSchema,
  settingsSchema,
} from '../../../shared/schemas/reference.js';
import { access, requireActor } from '../../policies/access.js';
import { conflict, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { deleteRoute, duplicate, guarded, params, plural, tags, textListRoutes, writeErrors, type TextList } from './lists.routes.js';
import * as repo from './settings.repository.js';

/** Clubs (categories) and seasons: name-only lists, both used by teams. */
function namedList(table: repo.NamedTableName, one: string, label: string, column: 'category_id' | 'season_id', row: typeof categorySchema): TextList {
  return {
    list: table,
    one,
    entity: one,
    label,
    field: 'name',
    row,
    body: nameSaveSchema,
    all: (db) => repo.listNamed(db, table),
    nameOf: async (db, id) => (await repo.findNamed(db, table, id))?.name,
    taken: (db, name, exceptId) => repo.namedTaken(db, table, name, exceptId),
    insert: (db, name) => repo.insertNamed(db, table, name),
    rename: (db, id, name) => repo.renameNamed(db, table, id, name),
    removal: {
      uses: (db, id) => repo.teamsUsing(db, column, id),
      usedBy: ['team', 'teams'],
      refused: (name) => `${name} is used by teams and cannot be deleted.`,
      remove: (db, id) => repo.deleteNamed(db, table, id),
    },
  };
}

function levelRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // docs/product.md#api reads /api/levels/ with a trailing slash; both spellings answer.
  for (const url of ['/api/levels', '/api/levels/']) {
    r.get(url, {
      config: { access: access.signedIn },
      schema: { tags, response: { 200: okEnvelope(z.array(levelSchema)), 401: errorBody } },
      handler: async () => read(await repo.listLevels(app.db)),
    });
  }

  r.post('/api/levels', {
    config: { access: access.admin },
    schema: { tags, body: levelSaveSchema, response: { 200: writeEnvelope(levelSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { name, kind } = req.body;
      const taken = () => conflict(duplicate('level', name), 'name');
      const id = await guarded(
        app.db,
        async (trx) => {
          if (await repo.levelNameTaken(trx, name)) throw taken();
          const id = await repo.insertLevel(trx, name, kind);
          await recordAudit(trx, actor, 'create', 'level', id, `${name} (${kind})`);
          return id;
        },
        { unique: taken },
      );
      const level = await repo.findLevel(app.db, id);
      return written(level!);
    },
  });

  r.post('/api/level/:id', {
    config: { access: access.admin },
    schema: { tags, params, body: levelSaveSchema, response: { 200: writeEnvelope(levelSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const { name, kind } = req.body;
      const taken = () => conflict(duplicate('level', name), 'name');
      await guarded(
        app.db,
        async (trx) => {
          const before = await repo.findLevel(trx, id);
          if (!before) throw notFound();
          if (await repo.levelNameTaken(trx, name, id)) throw taken();
          if (kind !== before.kind) {
            // Stored scores mean "n out of 10" or "yes/no"; switching the kind would silently change them.
            const n = await repo.evaluationsOnLevel(trx, id);
            if (n > 0) {
              throw conflict(
                `The kind of ${before.name} cannot be changed because ${n} ${plural(n, 'evaluation uses', 'evaluations use')} it and their scores would change meaning. Create a new level instead.`,
                'kind',
              );
            }
          }
          await repo.updateLevel(trx, id, name, kind);
          await recordAudit(trx, actor, 'update', 'level', id, `${before.name} (${before.kind}) → ${name} (${kind})`);
        },
        { unique: taken },
      );
      return written((await repo.findLevel(app.db, id))!);
    },
  });

  deleteRoute(app, '/api/level/:id/delete', 'level', {
    nameOf: async (db, id) => (await repo.findLevel(db, id))?.name,
    uses: repo.criteriaUsingLevel,
    usedBy: ['criterion', 'criteria'],
    refused: (name) => `${name} is used by criteria and cannot be deleted.`,
    remove: repo.deleteLevel,
  });
}

function globalSettingsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings', {
    config: { access: access.signedIn },
    schema: { tags, response: { 200: okEnvelope(settingsSchema), 401: errorBody } },
    handler: async () => read(await repo.getSettings(app.db)),
  });

  r.post('/api/settings', {
    config: { access: access.admin },
    schema: { tags, body: settingsSaveSchema, response: { 200: writeEnvelope(settingsSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const changes = Object.entries(req.body).filter((e): e is [keyof typeof req.body & string, string] => e[1] !== undefined);
      await app.db.transaction().execute(async (trx) => {
        for (const [key, value] of changes) await repo.putSetting(trx, key, value);
        await recordAudit(trx, actor, 'update', 'settings', null, changes.map(([k, v]) => `${k} = ${v || '(empty)'}`).join('; '));
      });
      return written(await repo.getSettings(app.db));
    },
  });
}

/** Reference data of the Settings page (docs/architecture.md): reads for every signed-in user, writes for admins. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  textListRoutes(app, namedList('categories', 'category', 'club', 'category_id', categorySchema));
  textListRoutes(app, namedList('seasons', 'season', 'season', 'season_id', seasonSchema));
  levelRoutes(app);
  textListRoutes(app, {
    list: 'achievements',
    one: 'achievement',
    entity: 'achievement',
    label: 'achievement',
    field: 'title',
    row: achievementSchema,
    body: achievementSaveSchema,
    all: repo.listAchievements,
    nameOf: async (db, id) => (await repo.findAchievement(db, id))?.title,
    taken: repo.achievementTitleTaken,
    insert: repo.insertAchievement,
    rename: repo.renameAchievement,
    removal: {
      uses: repo.playersHoldingAchievement,
      usedBy: ['player', 'players'],
      refused: (title) => `${title} is awarded to players and cannot be deleted.`,
      remove: repo.deleteAchievement,
    },
  });
  globalSettingsRoutes(app);
}
