import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The server as its own process (`src/server/main.ts`) on a test's database, so that what a request
 * costs is measured on the server alone: its resident memory now and at its peak (/proc, Linux).
 * `env` adds to or overrides its configuration. It exits by itself when the test worker is gone
 * (orphan-guard.ts), so a crashed run leaves no server behind.
 */
export async function serverProcess(databaseUrl: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './scripts/lib/orphan-guard.ts', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 80_000);
    const read = (d: Buffer) => {
      out += d.toString();
      const m = /serving (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  const status = (field: 'VmRSS' | 'VmHWM') => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return Number(m![1]) * 1024;
  };
  return {
    url,
    /** Resident memory now, in bytes. */
    rss: () => status('VmRSS'),
    /** The highest resident memory since the process started, in bytes. */
    peakRss: () => status('VmHWM'),
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Signs in over HTTP: the cookie and CSRF header a browser would send (`headers`, e.g. X-Forwarded-For, go with the sign-in). */
export async function signIn(
  base: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const sid = res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?sid=/.test(c))!
    .split(';')[0]!;
  const { data } = (await res.json()) as { data: { csrfToken: string } };
  return { cookie: sid, 'x-csrf-token': data.csrfToken };
}
