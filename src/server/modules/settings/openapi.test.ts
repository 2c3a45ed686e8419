import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { access } from '../../policies/access.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/index.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { getSettings } from './settings.repository.js';

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
        parameters?: { name: string; in: string }[];
      }
    >
  >;
}

describe('OpenAPI document at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves Swagger UI without a session', async () => {
    const res = await t.anon.get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Swagger UI');
  });

  it('serves a valid JSON document listing the routes with their zod schemas', async () => {
    const res = await t.anon.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as OpenApiDoc;
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/health',
      '/api/auth/login',
      '/api/categories',
      '/api/category/{id}',
      '/api/category/{id}/delete',
      '/api/seasons',
      '/api/season/{id}',
      '/api/season/{id}/delete',
      '/api/levels',
      '/api/levels/',
      '/api/level/{id}',
      '/api/level/{id}/delete',
      '/api/achievements',
      '/api/achievement/{id}',
      '/api/achievement/{id}/delete',
      '/api/settings',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(Object.keys(doc.paths['/api/categories']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/settings']!.get!.tags).toEqual(['settings']);

    // The request bodies come from the shared zod schemas.
    const login = doc.paths['/api/auth/login']!.post!.requestBody!.content['application/json']!.schema;
    expect(login.required).toEqual(['email', 'password']);
    const level = doc.paths['/api/level/{id}']!.post!;
    expect(level.requestBody!.content['application/json']!.schema.properties).toMatchObject({
      kind: { enum: ['scale_1_10', 'yes_no', 'measured'] },
    });
    expect(level.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  });

  it('documents every registered API route', async () => {
    const doc = (await t.anon.get('/api/docs/json')).json() as OpenApiDoc;
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });
});

describe('graceful close (what SIGTERM triggers in main.ts)', () => {
  let dir: string;
  let app: FastifyInstance;
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));

  beforeAll(async () => {
    // A real file database opened by the app itself, so close() also closes it, as in production.
    dir = mkdtempSync(join(tmpdir(), 'club-close-'));
    const url = `sqlite:${join(dir, 'club.db')}`;
    const setup = openDatabase(url);
    await migrateToLatest(setup);
    await setup.close();
    // A request that is still working when close() begins; it then reads the database.
    const slow = async (a: FastifyInstance) => {
      a.get('/api/test/slow', { config: { access: access.public } }, async () => {
        started();
        await new Promise((r) => setTimeout(r, 400));
        return { data: await getSettings(a.db) };
      });
    };
    const config = loadConfig({}, { LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent', DATABASE_URL: url });
    app = await buildApp({ config, logger: false, extraModules: [slow] });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lets a request in flight finish, then refuses new connections', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    const inFlight = fetch(`${base}/api/test/slow`);
    await handlerStarted;

    const closing = app.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()) as unknown).toEqual({
      data: { instructions_video: '', public_leaderboard_names: 'initial', own_login_age: 13, handover_age: 16 },
    });
    // close() must not wait for the client's keep-alive socket to time out.
    const outcome = await Promise.race([
      closing.then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('still open after 3 s'), 3000)),
    ]);
    expect(outcome).toBe('closed');

    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
