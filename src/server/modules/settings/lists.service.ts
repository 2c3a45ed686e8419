import type { Kysely } from 'kysely';
import { MSG, plural } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';

type Db = Kysely<DB>;

export const duplicate = (what: string, name: string) => `${/^[aeiou]/.test(what) ? 'An' : 'A'} ${what} named "${name}" already exists.`;

/**
 * Runs a write in a transaction and turns the database's own constraint errors (a concurrent create
 * of the same name, a row that became used between the check and the delete) into clear 409s.
 */
export async function guarded<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  on: { unique?: () => Error; foreignKey?: () => Error },
): Promise<T> {
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

/** Deletes the row unless something uses it (404 when gone, 409 with how many use it). */
export async function removeRow(db: Db, actor: Actor, entity: string, id: number, spec: Removal): Promise<void> {
  let name = '';
  await guarded(
    db,
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
}

/** The data side of a list of rows that are only a unique text (clubs, seasons: name; achievements: title). */
export interface TextStore {
  /** The audit log's entity. */
  entity: string;
  /** The noun of the duplicate message. */
  label: string;
  field: 'name' | 'title';
  all(db: Db): Promise<unknown[]>;
  nameOf: Removal['nameOf'];
  taken(db: Db, text: string, exceptId?: number): Promise<boolean>;
  insert(db: Db, text: string): Promise<number>;
  rename(db: Db, id: number, text: string): Promise<void>;
  removal: Omit<Removal, 'nameOf'>;
}

const taken = (store: TextStore, text: string) => () => conflict(duplicate(store.label, text), store.field);

export async function createText(db: Db, actor: Actor, store: TextStore, text: string): Promise<{ id: number }> {
  const id = await guarded(
    db,
    async (trx) => {
      if (await store.taken(trx, text)) throw taken(store, text)();
      const id = await store.insert(trx, text);
      await recordAudit(trx, actor, 'create', store.entity, id, text);
      return id;
    },
    { unique: taken(store, text) },
  );
  return { id, [store.field]: text };
}

export async function renameText(db: Db, actor: Actor, store: TextStore, id: number, text: string): Promise<{ id: number }> {
  await guarded(
    db,
    async (trx) => {
      const before = await store.nameOf(trx, id);
      if (before === undefined) throw notFound();
      if (await store.taken(trx, text, id)) throw taken(store, text)();
      await store.rename(trx, id, text);
      await recordAudit(trx, actor, 'update', store.entity, id, `${before} → ${text}`);
    },
    { unique: taken(store, text) },
  );
  return { id, [store.field]: text };
}
