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
    if (parameters && parameters.length !== query.parameters.length) {
      throw new Error(`precompiled: ${parameters.length} parameters given, the statement binds ${query.parameters.length}`);
    }
    return (await db.executeQuery(parameters ? { ...query, parameters } : query)).rows;
  };
}

/**
 * Runs a statement over `items` in chunks of `size`: Kysely builds and compiles it for the first
 * chunk of each length, later chunks reuse that SQL with their own parameters. For bulk imports,
 * where building every chunk's values again cost more than the database's work. `parameters` must
 * give the values in the order the builder places them: checked on each compile, so a mismatch
 * throws instead of binding a value to the wrong column.
 */
export async function chunked<T, Row>(
  db: Kysely<DB>,
  items: readonly T[],
  size: number,
  build: (chunk: readonly T[]) => Compilable<Row>,
  parameters: (chunk: readonly T[]) => unknown[],
): Promise<Row[]> {
  const out: Row[] = [];
  let query: CompiledQuery<Row> | undefined;
  for (let i = 0; i < items.length; i += size) {
    const chunk = items.slice(i, i + size);
    const values = parameters(chunk);
    if (query?.parameters.length !== values.length) {
      query = build(chunk).compile();
      if (query.parameters.length !== values.length || query.parameters.some((v, j) => !Object.is(v, values[j]))) {
        throw new Error('chunked: parameters() does not match the order of the built statement');
      }
    }
    const next: CompiledQuery<Row> = { ...query, parameters: values };
    const { rows } = await db.executeQuery(next);
    for (const row of rows) out.push(row);
  }
  return out;
}
