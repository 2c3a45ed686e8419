import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { errorBody, idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
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
import { access, requireActor } from '../../auth/access.js';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './settings.repository.js';

const tags = ['settings'];
const params = z.object({ id: idParam });
const deleted = writeEnvelope(z.object({ id: z.number() }));
const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const duplicate = (what: string, name: string) => `${/^[aeiou]/.test(what) ? 'An' : 'A'} ${what} named "${name}" already exists.`;

/**
 * Runs a write in a transaction and turns the database's own constraint errors (a concurrent create
 * of the same name, a row that became used between the check and the delete) into clear 409s.
 */
async function guarded<T>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
  on: { unique?: () => Error; foreignKey?: () => Error },
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (e) {
    if (on.unique && repo.isUniqueViolation(e)) throw on.unique();
    if (on.foreignKey && repo.isForeignKeyViolation(e)) throw on.foreignKey();
    throw e;
  }
}

/** Clubs (categories) and seasons: the same name-only lists, both used by teams. */
function namedRoutes(
  app: FastifyInstance,
  spec: { table: repo.NamedTableName; list: string; one: string; entity: string; label: string; column: 'category_id' | 'season_id'; schema: typeof categorySchema },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { table, entity, label } = spec;

  r.get(`/api/${spec.list}`, {
    config: { access: access.signedIn },
    schema: { tags, response: { 200: okEnvelope(z.array(spec.schema)), 401: errorBody } },
    handler: async () => read(await repo.listNamed(app.db, table)),
  });

  r.post(`/api/${spec.list}`, {
    config: { access: access.admin },
    schema: { tags, body: nameSaveSchema, response: { 200: writeEnvelope(spec.schema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { name } = req.body;
      const taken = () => conflict(duplicate(label, name), 'name');
      const id = await guarded(
        app.db,
        async (trx) => {
          if (await repo.namedTaken(trx, table, name)) throw taken();
          const id = await repo.insertNamed(trx, table, name);
          await recordAudit(trx, actor, 'create', entity, id, name);
          return id;
        },
        { unique: taken },
      );
      return written({ id, name });
    },
  });

  r.post(`/api/${spec.one}/:id`, {
    config: { access: access.admin },
    schema: { tags, params, body: nameSaveSchema, response: { 200: writeEnvelope(spec.schema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const { name } = req.body;
      const taken = () => conflict(duplicate(label, name), 'name');
      await guarded(
        app.db,
        async (trx) => {
          const before = await repo.findNamed(trx, table, id);
          if (!before) throw notFound();
          if (await repo.namedTaken(trx, table, name, id)) throw taken();
          await repo.renameNamed(trx, table, id, name);
          await recordAudit(trx, actor, 'update', entity, id, `${before.name} → ${name}`);
        },
        { unique: taken },
      );
      return written({ id, name });
    },
  });

  r.post(`/api/${spec.one}/:id/delete`, {
    config: { access: access.admin },
    schema: { tags, params, response: { 200: deleted, ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      let name = '';
      const inUse = (n: number) => conflict(MSG.inUse(name, n, plural(n, 'team', 'teams')));
      await guarded(
        app.db,
        async (trx) => {
          const row = await repo.findNamed(trx, table, id);
          if (!row) throw notFound();
          name = row.name;
          const n = await repo.teamsUsing(trx, spec.column, id);
          if (n > 0) throw inUse(n);
          await repo.deleteNamed(trx, table, id);
          await recordAudit(trx, actor, 'delete', entity, id, row.name);
        },
        { foreignKey: () => conflict(`${name} is used by teams and cannot be deleted.`) },
      );
      return written({ id });
    },
  });
}

function levelRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // SPEC §7 reads /api/levels/ with a trailing slash; both spellings answer.
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

  r.post('/api/level/:id/delete', {
    config: { access: access.admin },
    schema: { tags, params, response: { 200: deleted, ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      let name = '';
      await guarded(
        app.db,
        async (trx) => {
          const row = await repo.findLevel(trx, id);
          if (!row) throw notFound();
          name = row.name;
          const n = await repo.criteriaUsingLevel(trx, id);
          if (n > 0) throw conflict(MSG.inUse(row.name, n, plural(n, 'criterion', 'criteria')));
          await repo.deleteLevel(trx, id);
          await recordAudit(trx, actor, 'delete', 'level', id, row.name);
        },
        { foreignKey: () => conflict(`${name} is used by criteria and cannot be deleted.`) },
      );
      return written({ id });
    },
  });
}

function achievementRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/achievements', {
    config: { access: access.signedIn },
    schema: { tags, response: { 200: okEnvelope(z.array(achievementSchema)), 401: errorBody } },
    handler: async () => read(await repo.listAchievements(app.db)),
  });

  r.post('/api/achievements', {
    config: { access: access.admin },
    schema: { tags, body: achievementSaveSchema, response: { 200: writeEnvelope(achievementSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { title } = req.body;
      const taken = () => conflict(duplicate('achievement', title), 'title');
      const id = await guarded(
        app.db,
        async (trx) => {
          if (await repo.achievementTitleTaken(trx, title)) throw taken();
          const id = await repo.insertAchievement(trx, title);
          await recordAudit(trx, actor, 'create', 'achievement', id, title);
          return id;
        },
        { unique: taken },
      );
      return written({ id, title });
    },
  });

  r.post('/api/achievement/:id', {
    config: { access: access.admin },
    schema: { tags, params, body: achievementSaveSchema, response: { 200: writeEnvelope(achievementSchema), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const { title } = req.body;
      const taken = () => conflict(duplicate('achievement', title), 'title');
      await guarded(
        app.db,
        async (trx) => {
          const before = await repo.findAchievement(trx, id);
          if (!before) throw notFound();
          if (await repo.achievementTitleTaken(trx, title, id)) throw taken();
          await repo.renameAchievement(trx, id, title);
          await recordAudit(trx, actor, 'update', 'achievement', id, `${before.title} → ${title}`);
        },
        { unique: taken },
      );
      return written({ id, title });
    },
  });

  r.post('/api/achievement/:id/delete', {
    config: { access: access.admin },
    schema: { tags, params, response: { 200: deleted, ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      let title = '';
      await guarded(
        app.db,
        async (trx) => {
          const row = await repo.findAchievement(trx, id);
          if (!row) throw notFound();
          title = row.title;
          const n = await repo.playersHoldingAchievement(trx, id);
          if (n > 0) throw conflict(MSG.inUse(row.title, n, plural(n, 'player', 'players')));
          await repo.deleteAchievement(trx, id);
          await recordAudit(trx, actor, 'delete', 'achievement', id, row.title);
        },
        { foreignKey: () => conflict(`${title} is awarded to players and cannot be deleted.`) },
      );
      return written({ id });
    },
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

/** Reference data of the Settings page (DESIGN.md §4): reads for every signed-in user, writes for admins. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  namedRoutes(app, { table: 'categories', list: 'categories', one: 'category', entity: 'category', label: 'club', column: 'category_id', schema: categorySchema });
  namedRoutes(app, { table: 'seasons', list: 'seasons', one: 'season', entity: 'season', label: 'season', column: 'season_id', schema: seasonSchema });
  levelRoutes(app);
  achievementRoutes(app);
  globalSettingsRoutes(app);
}
