import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okEnvelope, writeEnvelope } from '../../../shared/schemas/common.js';
import { access, requireActor } from '../../policies/access.js';
import { errors, read, writeErrors, written } from '../../lib/reply.js';
import * as lists from './lists.service.js';

export const tags = ['settings'];
export const params = z.object({ id: idParam });

/** POST {url}: deletes the row unless something uses it (lists.service.ts removeRow). */
export function deleteRoute(app: FastifyInstance, url: string, entity: string, spec: lists.Removal): void {
  app.withTypeProvider<ZodTypeProvider>().post(url, {
    config: { access: access.admin },
    schema: { tags, params, response: { 200: writeEnvelope(z.object({ id: z.number() })), ...writeErrors } },
    handler: async (req) => {
      const { id } = req.params;
      await lists.removeRow(app.db, requireActor(req), entity, id, spec);
      return written({ id });
    },
  });
}

/** The addresses and shapes of a text list; its data side is a lists.service.ts TextStore. */
export interface TextList {
  /** URL words: GET/POST /api/{list}, POST /api/{one}/:id and /api/{one}/:id/delete. */
  list: string;
  one: string;
  /** The row as the API answers it, and the save body: `{ [field]: text }` (shared schemas). */
  row: z.ZodType;
  body: z.ZodObject<z.ZodRawShape>;
  store: lists.TextStore;
}

/** Reads for every signed-in user; create, rename and delete for admins, the text unique. */
export function textListRoutes(app: FastifyInstance, spec: TextList): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { store } = spec;
  const textOf = (body: unknown) => (body as Record<typeof store.field, string>)[store.field];

  r.get(`/api/${spec.list}`, {
    config: { access: access.signedIn },
    schema: { tags, response: { 200: okEnvelope(z.array(spec.row)), ...errors(401) } },
    handler: async () => read(await store.all(app.db)),
  });

  r.post(`/api/${spec.list}`, {
    config: { access: access.admin },
    schema: { tags, body: spec.body, response: { 200: writeEnvelope(spec.row), ...writeErrors } },
    handler: async (req) => written(await lists.createText(app.db, requireActor(req), store, textOf(req.body))),
  });

  r.post(`/api/${spec.one}/:id`, {
    config: { access: access.admin },
    schema: { tags, params, body: spec.body, response: { 200: writeEnvelope(spec.row), ...writeErrors } },
    handler: async (req) => written(await lists.renameText(app.db, requireActor(req), store, req.params.id, textOf(req.body))),
  });

  deleteRoute(app, `/api/${spec.one}/:id/delete`, store.entity, { ...store.removal, nameOf: store.nameOf });
}
