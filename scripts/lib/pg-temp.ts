/**
 * A throw-away PostgreSQL database on the server of `serverUrl` (its path, if any, names the database
 * used to create and drop it; default `postgres`). Unreachable PostgreSQL is an error, never a skip.
 */
import pg from 'pg';

export interface TempDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function adminUrl(serverUrl: string): string {
  const u = new URL(serverUrl);
  if (u.pathname === '' || u.pathname === '/') u.pathname = '/postgres';
  return u.toString();
}

export async function adminQuery<T extends pg.QueryResultRow>(serverUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl(serverUrl), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`PostgreSQL is not reachable at ${serverUrl}: ${(err as Error).message}`);
  }
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function createTempDatabase(serverUrl: string, prefix: string): Promise<TempDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
