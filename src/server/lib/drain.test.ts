import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { buildApp } from '../app.js';
import { access } from '../policies/access.js';
import { loadConfig } from '../config.js';
import { freshDatabase } from '../test/database.js';

/** What SIGTERM does in main.ts before close(): new requests get 503, the ones in flight finish. */
describe('drain (SIGTERM)', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let base: string;
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));

  beforeAll(async () => {
    const database = await freshDatabase();
    dispose = database.dispose;
    const slow = async (a: FastifyInstance) => {
      a.get('/api/test/slow', { config: { access: access.public } }, async () => {
        started();
        await new Promise((r) => setTimeout(r, 500));
        return { data: 'done' };
      });
    };
    const config = loadConfig({}, { LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent' });
    app = await buildApp({ config, database, logger: false, extraModules: [slow] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('answers 503 to new requests while the request in flight finishes with 200', async () => {
    const inFlight = fetch(`${base}/api/test/slow`);
    await handlerStarted;
    let drained = false;
    const draining = app.drain(5000).then(() => (drained = true));

    const refused = await fetch(`${base}/api/health`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({ message: MSG.shuttingDown });
    expect(drained).toBe(false);

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ data: 'done' });
    await draining;
    expect(drained).toBe(true);
    // Nothing in flight: a second drain resolves at once.
    await app.drain(5000);
  });
});
