/**
 * Is a write transaction open at this instant? Asked just before each SIGKILL so that every attempt
 * says whether the kill landed mid-transaction. SQLite: another connection cannot take the write lock
 * (BEGIN IMMEDIATE is busy). PostgreSQL: a backend of the database holds a transaction id.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';

export interface Probe {
  writerActive(): Promise<boolean>;
  /** PostgreSQL: waits until the killed server's backends are gone (an in-flight COMMIT settles first). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export function sqliteProbe(file: string): Probe {
  return {
    writerActive: async () => {
      const conn = new SQLite(file, { timeout: 0 });
      try {
        conn.exec('BEGIN IMMEDIATE');
        conn.exec('ROLLBACK');
        return false;
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
        throw err;
      } finally {
        conn.close();
      }
    },
    settle: async () => {},
    close: async () => {},
  };
}

export async function postgresProbe(adminUrl: string, database: string): Promise<Probe> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const count = async (where: string) =>
    Number(
      (await client.query<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = $1 and ${where}`, [database])).rows[0]!
        .n,
    );
  return {
    writerActive: async () => (await count('backend_xid is not null')) > 0,
    settle: async () => {
      const until = Date.now() + 15_000;
      while ((await count('true')) > 0) {
        if (Date.now() > until) throw new Error('the killed server still has PostgreSQL backends after 15 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => client.end(),
  };
}
