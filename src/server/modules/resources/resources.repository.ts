import type { Kysely } from 'kysely';
import type { Resource, ResourceFacets, ResourceRole, ResourceSave } from '../../../shared/schemas/resource.js';
import type { DB } from '../../db/types.js';
import { jsonList } from '../../lib/reply.js';

/**
 * Who sees which resource (docs/product.md#permissions): a viewer whose role is in the access list, or any role with
 * resources write permission. The rule itself is decided in policies/resources.ts (decide, resourceViewer).
 */
export interface ResourceViewer {
  roleId: number;
  seesAll: boolean;
}

export interface ResourceFilter {
  category?: string;
  tag?: string;
}

function visibleTo(db: Kysely<DB>, viewer: ResourceViewer) {
  let q = db.selectFrom('resources as r');
  if (!viewer.seesAll) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('resource_access as ra')
          .select('ra.resource_id')
          .whereRef('ra.resource_id', '=', 'r.id')
          .where('ra.role_id', '=', viewer.roleId),
      ),
    );
  }
  return q;
}

async function withChildren(
  db: Kysely<DB>,
  rows: { id: number; title: string; category: string; video_links: string; document_links: string; created_at: string }[],
): Promise<Resource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tags, access] = await Promise.all([
    db.selectFrom('resource_tags').select(['resource_id', 'tag']).where('resource_id', 'in', ids).orderBy('tag').execute(),
    db
      .selectFrom('resource_access as ra')
      .innerJoin('roles', 'roles.id', 'ra.role_id')
      .select(['ra.resource_id', 'ra.role_id', 'roles.title'])
      .where('ra.resource_id', 'in', ids)
      .orderBy('roles.id')
      .execute(),
  ]);
  return rows.map((r) => {
    const mine = access.filter((a) => a.resource_id === r.id);
    return {
      id: r.id,
      title: r.title,
      category: r.category,
      video_links: jsonList(r.video_links),
      document_links: jsonList(r.document_links),
      tags: tags.filter((t) => t.resource_id === r.id).map((t) => t.tag),
      access: mine.map((a) => a.role_id),
      access_names: mine.map((a) => a.title),
      date: r.created_at.slice(0, 10),
    };
  });
}

const columns = ['r.id', 'r.title', 'r.category', 'r.video_links', 'r.document_links', 'r.created_at'] as const;

export async function listResources(db: Kysely<DB>, viewer: ResourceViewer, filter: ResourceFilter): Promise<Resource[]> {
  let q = visibleTo(db, viewer).select(columns);
  if (filter.category) q = q.where('r.category', '=', filter.category);
  if (filter.tag) {
    const tag = filter.tag;
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('resource_tags as rt').select('rt.resource_id').whereRef('rt.resource_id', '=', 'r.id').where('rt.tag', '=', tag),
      ),
    );
  }
  const rows = await q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
  return withChildren(db, rows);
}

/** One resource whoever asks, or undefined; policies/resources.ts decides who may see it. */
export async function findResource(db: Kysely<DB>, id: number): Promise<Resource | undefined> {
  const row = await db.selectFrom('resources as r').select(columns).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return (await withChildren(db, [row]))[0];
}

/** Filter and suggestion values, from the resources the viewer can see (no leak of hidden ones). */
export async function facets(db: Kysely<DB>, viewer: ResourceViewer): Promise<ResourceFacets> {
  const [categories, tags] = await Promise.all([
    visibleTo(db, viewer).select('r.category').distinct().orderBy('r.category').execute(),
    visibleTo(db, viewer)
      .innerJoin('resource_tags as rt', 'rt.resource_id', 'r.id')
      .select('rt.tag')
      .distinct()
      .orderBy('rt.tag')
      .execute(),
  ]);
  return { categories: categories.map((c) => c.category), tags: tags.map((t) => t.tag) };
}

export async function listRoles(db: Kysely<DB>): Promise<ResourceRole[]> {
  return db.selectFrom('roles').select(['id', 'title']).orderBy('id').execute();
}

/** Ids among `ids` that are not roles (so the route can name the bad field). */
export async function unknownRoleIds(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

async function replaceChildren(trx: Kysely<DB>, id: number, input: ResourceSave): Promise<void> {
  await trx.deleteFrom('resource_tags').where('resource_id', '=', id).execute();
  await trx.deleteFrom('resource_access').where('resource_id', '=', id).execute();
  if (input.tags.length)
    await trx
      .insertInto('resource_tags')
      .values(input.tags.map((tag) => ({ resource_id: id, tag })))
      .execute();
  if (input.access.length)
    await trx
      .insertInto('resource_access')
      .values(input.access.map((role_id) => ({ resource_id: id, role_id })))
      .execute();
}

/** Call inside a transaction: the resource row and its tags and access rows are written together. */
export async function insertResource(trx: Kysely<DB>, input: ResourceSave, userId: number, now: string): Promise<number> {
  const row = await trx
    .insertInto('resources')
    .values({
      title: input.title,
      category: input.category,
      video_links: JSON.stringify(input.video_links),
      document_links: JSON.stringify(input.document_links),
      created_by_user_id: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceChildren(trx, row.id, input);
  return row.id;
}

export async function updateResource(trx: Kysely<DB>, id: number, input: ResourceSave, now: string): Promise<void> {
  await trx
    .updateTable('resources')
    .set({
      title: input.title,
      category: input.category,
      video_links: JSON.stringify(input.video_links),
      document_links: JSON.stringify(input.document_links),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  await replaceChildren(trx, id, input);
}

export async function deleteResource(trx: Kysely<DB>, id: number): Promise<void> {
  await trx.deleteFrom('resources').where('id', '=', id).execute();
}

/**
 * The resources the viewer sees tagged with any of these names, any case (a goal's criterion,
 * docs/product.md#goals): id, title, category, links and the matching tag.
 */
export async function taggedWith(db: Kysely<DB>, viewer: ResourceViewer, names: readonly string[]) {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  if (!lower.length) return [];
  const rows = await visibleTo(db, viewer)
    .innerJoin('resource_tags as rt', 'rt.resource_id', 'r.id')
    .select(['r.id', 'r.title', 'r.category', 'r.video_links', 'r.document_links', 'rt.tag'])
    .where((eb) => eb(eb.fn('lower', ['rt.tag']), 'in', lower))
    .orderBy('r.title')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    links: [...jsonList(r.video_links), ...jsonList(r.document_links)],
    tag: r.tag.toLowerCase(),
  }));
}
