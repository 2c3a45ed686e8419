import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

/** Which HTML entry a direct visit gets: the staff app, or the small public leaderboard page. */
describe('client pages', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'club-client-'));
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<p>app</p>');
    writeFileSync(join(dir, 'public.html'), '<p>public</p>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1);');
    writeFileSync(join(dir, 'assets', 'app-1.js.br'), brotliCompressSync('console.log(1);'));
    writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting();');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Club"}');
    mkdirSync(join(dir, 'icons'));
    writeFileSync(join(dir, 'icons', 'icon-192.png'), 'png');
    t = await createTestApp({ seed: 'none', config: { CLIENT_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/leaderboard', '/leaderboard/', '/leaderboard/team/3'])('serves the public entry at %s', async (url) => {
    const res = await t.anon.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<p>public</p>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/login', '/app/teams', '/player/1/dashboard', '/leaderboards'])('serves the app at %s', async (url) => {
    const res = await t.anon.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<p>app</p>');
  });

  it('serves the pre-compressed asset to browsers that accept it, cached for a year', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    const plain = await t.anon.get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
  });

  it('never serves an HTML entry with the long-lived asset caching', async () => {
    const res = await t.anon.get('/index.html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the installable app: the worker and manifest revalidated on each load, icons for a day', async () => {
    const sw = await t.anon.get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toBe('self.skipWaiting();');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.anon.get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await t.anon.get('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    // Anything else under those names is the app, never a file read off the disk.
    expect((await t.anon.get('/icons/../index.html')).body).toBe('<p>app</p>');
    expect((await t.anon.get('/icons/missing.png')).body).toBe('<p>app</p>');
  });

  // Every browser sends Accept-Encoding; the entries and the worker must still revalidate on each load,
  // or a client fix never reaches a phone that has the app.
  it.each(['/', '/login', '/app/teams', '/leaderboard', '/leaderboard/team/3', '/index.html', '/sw.js', '/manifest.webmanifest'])(
    'serves %s no-cache to a browser that accepts br and gzip',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip, deflate' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('keeps the year-long immutable caching for hashed assets only, whatever the encoding', async () => {
    for (const encoding of [undefined, 'gzip', 'br, gzip']) {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js', headers });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await t.app.inject({ method: 'GET', url: '/icons/icon-192.png', headers });
      expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    }
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await t.anon.get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
