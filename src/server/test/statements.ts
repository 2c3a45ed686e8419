import pg from 'pg';
import { vi } from 'vitest';
import { sqliteStatement } from './sqlite-statement.js';

/**
 * The SQL of every statement `fn` makes the database run: the pool's queries on PostgreSQL (not the
 * change feed's own connection, which checks itself every 30 s), statement runs on SQLite.
 */
export async function statementsDuring(fn: () => Promise<void>): Promise<string[]> {
  if (process.env.TEST_DB === 'postgres') {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await fn();
      return query.mock.calls
        .filter(
          (_, i) =>
            (query.mock.contexts[i] as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name !==
            'club-change-feed',
        )
        .map(([text]) => (typeof text === 'string' ? text : String((text as { text?: string }).text)));
    } finally {
      query.mockRestore();
    }
  }
  const runs = (['all', 'get', 'run', 'iterate'] as const).map((m) => vi.spyOn(sqliteStatement, m));
  try {
    await fn();
    return runs.flatMap((spy) => spy.mock.contexts.map((statement) => (statement as { source: string }).source));
  } finally {
    for (const spy of runs) spy.mockRestore();
  }
}
