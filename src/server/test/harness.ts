import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { DEMO_SIGN_INS, seedDemo } from '../cli/seed-demo.js';
import { loadConfig, type Config } from '../config.js';
import { ensureBuiltInRoles } from '../db/bootstrap.js';
import { freshDatabase } from './database.js';

export type DemoRole = 'superadmin' | 'admin' | 'coach' | 'player';

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Multipart upload: fields plus one file. */
  upload(url: string, fields: Record<string, string>, file?: { field: string; name: string; content: string | Buffer; type?: string }): Promise<LightMyRequestResponse>;
  csrf: string;
  cookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: FastifyInstance['db'];
  dialect: 'sqlite' | 'postgres';
  anon: Client;
  /** Signs in as a demo user (or any email/password) and returns a client carrying the session. */
  login(who: DemoRole | { email: string; password: string }): Promise<Client>;
  close(): Promise<void>;
}

/** A multipart/form-data body (fields, then at most one file). */
export function multipartBody(fields: Record<string, string>, file?: { field: string; name: string; content: string | Buffer; type?: string }) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function clientFor(app: FastifyInstance, cookie: string, csrf: string): Client {
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

/** A real app on a real, fresh database (SQLite, or PostgreSQL with TEST_DB=postgres), demo club seeded. */
export async function createTestApp(options: { seed?: 'demo' | 'none'; config?: Partial<Config> } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  if (options.seed === 'none') await ensureBuiltInRoles(database.db);
  else await seedDemo(database.db);
  const config = loadConfig({}, { LOG_LEVEL: 'silent', LOGIN_MAX_PER_MINUTE: 1000, CLIENT_DIR: '/nonexistent', ...options.config });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const passwords = Object.fromEntries(DEMO_SIGN_INS.map((s) => [s.email.split('@')[0], s]));
  return {
    app,
    db: database.db,
    dialect: database.dialect,
    anon: clientFor(app, '', ''),
    async login(who) {
      const creds = typeof who === 'string' ? passwords[who]! : who;
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: creds.email, password: creds.password } });
      if (res.statusCode !== 200) throw new Error(`login failed for ${creds.email}: ${res.statusCode} ${res.body}`);
      const set = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
      return clientFor(app, `${set!.name}=${set!.value}`, (res.json() as { data: { csrfToken: string } }).data.csrfToken);
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
