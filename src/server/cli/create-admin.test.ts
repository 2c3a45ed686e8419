import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createSuperadmin, ensureAdminFromEnv } from './create-admin.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());

describe('first admin on a production install', () => {
  it('creates a Superadmin from ADMIN_EMAIL/ADMIN_PASSWORD who can sign in', async () => {
    await ensureAdminFromEnv(t.db, loadConfig({ ADMIN_EMAIL: 'Head@Club.org', ADMIN_PASSWORD: 'a long secret' }));
    const admin = await t.login({ email: 'head@club.org', password: 'a long secret' });
    const me = (await admin.get('/api/auth/me')).json().data;
    expect(me.role_title).toBe('Superadmin');
    expect(me.permissions.user_management).toBe(2);
  });

  it('does not create the same address twice', async () => {
    const again = await createSuperadmin(t.db, { email: 'head@club.org', password: 'another secret', first_name: 'A', last_name: 'B' });
    expect(again).toBe('exists');
  });
});
