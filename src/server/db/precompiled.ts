import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './types.js';

/**
 * A query built and compiled once per database handle; each call runs it with new parameters, in the
 * order the builder placed them. For the queries of every request (session, score version), where
 * Kysely's building and compiling cost more than SQLite's answer.
 */
export function precompiled<Row>(build: (db: Kysely<DB>) => Compilable<Row>) {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return async (db: Kysely<DB>, parameters?: readonly unknown[]): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db).compile()));
    return (await db.executeQuery(parameters ? { ...query, parameters } : query)).rows;
  };
}
