import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { Resource, ResourceSave } from '../../../shared/schemas/resource.js';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import * as repo from './resources.repository.js';

type Db = Kysely<DB>;

const summary = (r: { title: string; category: string }) => `${r.title} (${r.category})`;

async function checkRoles(db: Db, input: ResourceSave): Promise<void> {
  const unknown = await repo.unknownRoleIds(db, input.access);
  if (unknown.length) throw badRequest(`Unknown role: ${unknown.join(', ')}.`, 'access');
}

// Plain reads, answered as the repositories give them (lists filtered by policies/resources.ts resourceViewer).
export { listResources, facets, listRoles } from './resources.repository.js';
export { criterionVideosForPlayer } from './player-area.repository.js';

export async function createResource(db: Db, actor: Actor, input: ResourceSave): Promise<Resource> {
  await checkRoles(db, input);
  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertResource(trx, input, actor.id, nowIso());
    await recordAudit(trx, actor, 'create', 'resource', id, summary(input));
    return id;
  });
  return (await repo.findResource(db, id))!;
}

/** `before` is the resource as policies/resources.ts found it; the audit row names what changed. */
export async function updateResource(db: Db, actor: Actor, before: Resource, input: ResourceSave): Promise<Resource> {
  await checkRoles(db, input);
  const roleTitles = new Map((await repo.listRoles(db)).map((role) => [role.id, role.title]));
  const after = { ...input, access: input.access.map((roleId) => roleTitles.get(roleId) ?? String(roleId)) };
  const changes = describeChanges({ ...before, access: before.access_names }, after, [
    'title',
    'category',
    'video_links',
    'document_links',
    'tags',
    'access',
  ]);
  await db.transaction().execute(async (trx) => {
    await repo.updateResource(trx, before.id, input, nowIso());
    await recordAudit(trx, actor, 'update', 'resource', before.id, `${summary(input)}: ${changes}`);
  });
  const saved = await repo.findResource(db, before.id);
  if (!saved) throw notFound();
  return saved;
}

export async function deleteResource(db: Db, actor: Actor, found: Resource): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.deleteResource(trx, found.id);
    await recordAudit(trx, actor, 'delete', 'resource', found.id, summary(found));
  });
}
