import type { FastifyInstance } from 'fastify';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { errorBody, idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { access, requireActor } from '../../policies/access.js';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../../lib/errors.js';
import { read, written } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';

type Db = Kysely<DB>;

export const tags = ['settings'];
export const params = z.object({ id: idParam });
export const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
export const duplicate = (what: string, name: string) => `${/^[aeiou]/.test(what) ? 'An' : 'A'} ${what} named "${name}" already exists.`;

/**
 * Runs a write in a transaction and turns the database's own constraint errors (a concurrent create
 * of the same name, a row that became used between the check and the delete) into clear 409s.
 */
export async function guarded<T>(db: Db, work: (trx: Db) => Promise<T>, on: { unique?: () => Error; foreignKey?: () => Error }): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (e) {
    if (on.unique && isUniqueViolation(e)) throw on.unique();
    if (on.foreignKey && isForeignKeyViolation(e)) throw on.foreignKey();
    throw e;
  }
}

export interface Removal {
  /** The row's name, or undefined when there is no such row. */
  nameOf(db: Db, id: number): Promise<string | undefined>;
  /** How many rows use it; a used row is not deleted. */
  uses(db: Db, id: number): Promise<number>;
  usedBy: [one: string, many: string];
  /** The refusal when a row started using it after the count (the foreign key refuses the delete). */
  refused(name: string): string;
  remove(db: Db, id: number): Promise<void>;
}

/** POST {url}: deletes the row unless something uses it (404 when gone, 409 with how many use it). */
export function deleteRoute(app: FastifyInstance, url: string, entity: string, spec: Removal): void {
  app.withTypeProvider<ZodTypeProvider>().post(url, {
    config: { access: access.admin },
    schema: { tags, params, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      let name = '';
      await guarded(
        app.db,
        async (trx) => {
          const found = await spec.nameOf(trx, id);
          if (found === undefined) throw notFound();
          name = found;
          const n = await spec.uses(trx, id);
          if (n > 0) throw conflict(MSG.inUse(name, n, plural(n, ...spec.usedBy)));
          await spec.remove(trx, id);
          await recordAudit(trx, actor, 'delete', entity, id, name);
        },
        { foreignKey: () => conflict(spec.refused(name)) },
      );
      return written({ id });
    },
  });
}

/** A list of rows that are only a unique text (clubs, seasons: name; achievements: title). */
export interface TextList {
  /** URL words: GET/POST /api/{list}, POST /api/{one}/:id and /api/{one}/:id/delete. */
  list: string;
  one: string;
  /** The audit log's entity and the noun of the duplicate message. */
  entity: string;
  label: string;
  field: 'name' | 'title';
  /** The row as the API answers it, and the save body: `{ [field]: text }` (shared schemas). */
  row: z.ZodType;
  body: z.ZodObject<z.ZodRawShape>;
  all(db: Db): Promise<unknown[]>;
  nameOf: Removal['nameOf'];
  taken(db: Db, text: string, exceptId?: number): Promise<boolean>;
  insert(db: Db, text: string): Promise<number>;
  rename(db: Db, id: number, text: string): Promise<void>;
  removal: Omit<Removal, 'nameOf'>;
}

/** Reads for every signed-in user; create, rename and delete for admins, the text unique. */
export function textListRoutes(app: FastifyInstance, spec: TextList): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { entity, field } = spec;
  const textOf = (body: unknown) => (body as Record<typeof field, string>)[field];

  r.get(`/api/${spec.list}`, {
    config: { access: access.signedIn },
    schema: { tags, response: { 200: okEnvelope(z.array(spec.row)), 401: errorBody } },
    handler: async () => read(await spec.all(app.db)),
  });

  r.post(`/api/${spec.list}`, {
    config: { access: access.admin },
    schema: { tags, body: spec.body, response: { 200: writeEnvelope(spec.row), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const text = textOf(req.body);
      const taken = () => conflict(duplicate(spec.label, text), field);
      const id = await guarded(
        app.db,
        async (trx) => {
          if (await spec.taken(trx, text)) throw taken();
          const id = await spec.insert(trx, text);
          await recordAudit(trx, actor, 'create', entity, id, text);
          return id;
        },
        { unique: taken },
      );
      return written({ id, [field]: text });
    },
  });

  r.post(`/api/${spec.one}/:id`, {
    config: { access: access.admin },
    schema: { tags, params, body: spec.body, response: { 200: writeEnvelope(spec.row), ...writeErrors } },
    handler: async (req) => {
      const actor = requireActor(req);
      const { id } = req.params;
      const text = textOf(req.body);
      const taken = () => conflict(duplicate(spec.label, text), field);
      await guarded(
        app.db,
        async (trx) => {
          const before = await spec.nameOf(trx, id);
          if (before === undefined) throw notFound();
          if (await spec.taken(trx, text, id)) throw taken();
          await spec.rename(trx, id, text);
          await recordAudit(trx, actor, 'update', entity, id, `${before} → ${text}`);
        },
        { unique: taken },
      );
      return written({ id, [field]: text });
    },
  });

  deleteRoute(app, `/api/${spec.one}/:id/delete`, entity, { ...spec.removal, nameOf: spec.nameOf });
}
