import pg from 'pg';

export type TemplateKind = 'plain' | 'demo';

/** Where the run's template databases are: files on SQLite, database names on PostgreSQL. */
export interface Templates {
  sqlite?: Record<TemplateKind, string>;
  postgres?: Record<TemplateKind, string>;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
