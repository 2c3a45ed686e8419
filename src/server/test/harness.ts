import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { DEMO_SIGN_INS } from '../cli/seed-demo.js';
import { loadConfig, type Config } from '../config.js';
import { ensureBuiltInRoles } from '../db/bootstrap.js';
import { openDatabase, type Database } from '../db/index.js';
import { freshDatabase } from './database.js';

export type DemoRole = 'superadmin' | 'admin' | 'coach' | 'player';

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Multipart upload: fields plus one file. */
  upload(
    url: string,
    fields: Record<string, string>,
    file?: { field: string; name: string; content: string | Buffer; type?: string },
  ): Promise<LightMyRequestResponse>;
  csrf: string;
  cookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: FastifyInstance['db'];
  dialect: 'sqlite' | 'postgres';
  /** The database's URL (a SQLite :memory: one cannot be opened twice: see `shared`). */
  url: string;
  anon: Client;
  /** Signs in as a demo user (or any email/password) and returns a client carrying the session. */
  login(who: DemoRole | { email: string; password: string }): Promise<Client>;
  /**
   * Waits until the app has seen every change committed so far, as it sees another process's:
   * through the change feed on PostgreSQL (ADR 0011). For tests that write with `db` directly.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A multipart/form-data body (fields, then at most one file). */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; name: string; content: string | Buffer; type?: string },
) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function clientFor(app: FastifyInstance, cookie: string, csrf: string): Client {
  const headers = () => ({ ...(cookie ? { cookie } : {}), ...(csrf ? { 'x-csrf-token': csrf } : {}) });
  return {
    cookie,
    csrf,
    get: (url) => app.inject({ method: 'GET', url, headers: headers() }),
    post: (url, body) =>
      app.inject({ method: 'POST', url, headers: headers(), ...(body === undefined ? {} : { payload: body as object }) }),
    upload: (url, fields, file) => {
      const { payload, contentType } = multipartBody(fields, file);
      return app.inject({ method: 'POST', url, payload, headers: { ...headers(), 'content-type': contentType } });
    },
  };
}

/**
 * PostgreSQL delivers notifications in commit order, so once a notification sent now has arrived,
 * so have those of every earlier commit. An auth one also empties the session cache, which is what
 * a test that edits a session row directly wants (the last_seen_at touch is not notified).
 */
export async function feedSettled(database: Database): Promise<void> {
  const feed = database.changes;
  if (!feed?.live) return;
  const epoch = feed.authEpoch;
  await sql`select pg_notify('session_auth', 'test')`.execute(database.db);
  for (const until = Date.now() + 2000; feed.authEpoch === epoch;) {
    if (Date.now() > until) throw new Error('the change feed delivered nothing within 2 s');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A real app on a real, fresh database (SQLite, or PostgreSQL with TEST_DB=postgres), demo club seeded. */
export async function createTestApp(options: { seed?: 'demo' | 'none'; config?: Partial<Config> } = {}): Promise<TestApp> {
  const database = await freshDatabase(options.seed === 'none' ? 'plain' : 'demo');
  if (options.seed === 'none') await ensureBuiltInRoles(database.db);
  const config = loadConfig(
    {},
    {
      LOG_LEVEL: 'silent',
      LOGIN_MAX_PER_MINUTE: 1000,
      CLIENT_DIR: '/nonexistent',
      MAIL_OUTBOX_KEY: randomBytes(32).toString('base64'),
      HANDOVER_JOB_MINUTES: 0,
      OFFERS_JOB_MINUTES: 0,
      ...options.config,
    },
  );
  return appOn(database, config, database.url, () => database.dispose());
}

/**
 * What a second app process sees: its own database handle (pool, or SQLite connection) on the same
 * database and its own app. Close it before `t`.
 */
export async function secondInstance(t: TestApp): Promise<TestApp> {
  const database = openDatabase(t.url);
  return appOn(database, t.app.config, t.url, () => database.close());
}

async function appOn(database: Database, config: Config, url: string, dispose: () => Promise<void>): Promise<TestApp> {
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const passwords = Object.fromEntries(DEMO_SIGN_INS.map((s) => [s.email.split('@')[0], s]));
  return {
    app,
    db: database.db,
    dialect: database.dialect,
    url,
    anon: clientFor(app, '', ''),
    async login(who) {
      const creds = typeof who === 'string' ? passwords[who]! : who;
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: creds.email, password: creds.password } });
      if (res.statusCode !== 200) throw new Error(`login failed for ${creds.email}: ${res.statusCode} ${res.body}`);
      const set = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
      return clientFor(app, `${set!.name}=${set!.value}`, (res.json() as { data: { csrfToken: string } }).data.csrfToken);
    },
    settled: () => feedSettled(database),
    async close() {
      await app.close();
      await dispose();
    },
  };
}
