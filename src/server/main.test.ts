import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nowMs } from './lib/time.js';

/** The real process: starts on an empty database, serves, and exits cleanly on SIGTERM. */
describe('process lifecycle', () => {
  it('migrates, creates the admin from env, serves, and shuts down gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-main-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dir, 'club.db')}`,
        SEED_DEMO: 'never',
        ADMIN_EMAIL: 'owner@club.org',
        ADMIN_PASSWORD: 'owner-password',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 80_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /serving (http:\/\/localhost:\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!.replace('localhost', '127.0.0.1'));
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@club.org', password: 'owner-password' }),
      });
      expect(login.status).toBe(200);

      const started = nowMs();
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(nowMs() - started).toBeLessThan(10_000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
