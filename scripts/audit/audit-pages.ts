/**
 * `npm run audit:pages`: Lighthouse (system Chromium) performance and accessibility scores of the
 * sign-in page, the staff leaderboard, the public leaderboard and the player dashboard, served by
 * the real server on a fresh demo database, with Lighthouse's desktop and mobile presets. Fails when
 * a gated score is under AUDIT_MIN (default 90). AUDIT_REPORT_DIR=dir keeps the full JSON reports.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MIN = Number(process.env.AUDIT_MIN ?? 90);
// Both presets are measured and printed; the gate is the desktop preset unless AUDIT_GATE=mobile.
const FORM_FACTORS = ['desktop', 'mobile'] as const;
const GATE = process.env.AUDIT_GATE === 'mobile' ? 'mobile' : 'desktop';
// Full Lighthouse JSON reports (waterfalls, main-thread breakdown) land here when set.
const REPORT_DIR = process.env.AUDIT_REPORT_DIR;
const port = 4000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
if (!existsSync('dist/client/public.html')) throw new Error('Build the client first: npm run build');

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start.');
}

async function signIn(email: string, password: string): Promise<{ cookie: string; playerId: number | null }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${email} failed: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body = (await res.json()) as { data: { player: number | null } };
  return { cookie, playerId: body.data.player };
}

const dir = mkdtempSync(join(tmpdir(), 'club-audit-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'audit.db')}`,
    SEED_DEMO: 'always',
    LOG_LEVEL: 'warn',
    LOGIN_MAX_PER_MINUTE: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitForHealth();
  const admin = await signIn('admin@demo.club', 'demo-admin');
  const player = await signIn('player@demo.club', 'demo-player');
  const pages = [
    { name: 'sign-in', url: `${base}/login` },
    { name: 'staff leaderboard', url: `${base}/app/leaderboard`, cookie: admin.cookie },
    { name: 'public leaderboard', url: `${base}/leaderboard` },
    { name: 'player dashboard', url: `${base}/player/${player.playerId}/dashboard`, cookie: player.cookie },
  ];
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  for (const formFactor of FORM_FACTORS) {
    console.log(`\nLighthouse ${formFactor} preset, minimum ${MIN}${formFactor === GATE ? '' : ' (reported, not gated)'}:`);
    console.log('page                 performance  accessibility');
    for (const p of pages) {
      const run = () =>
        lighthouse(
          p.url,
          {
            port: chrome!.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...(p.cookie ? { extraHeaders: { Cookie: p.cookie } } : {}),
          },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
      let result = await run();
      // A failed trace recording (e.g. NO_NAVSTART) says "Please run Lighthouse again": a fault of the run, not a score of the page.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
        console.log(`${p.name}: ${result.lhr.runtimeError.code}, running Lighthouse again`);
        result = await run();
      }
      if (REPORT_DIR && result) {
        mkdirSync(REPORT_DIR, { recursive: true });
        writeFileSync(join(REPORT_DIR, `${p.name.replace(/ /g, '-')}-${formFactor}.json`), JSON.stringify(result.lhr));
      }
      const categories = result?.lhr.categories;
      const perf = Math.round((categories?.performance?.score ?? 0) * 100);
      const a11y = Math.round((categories?.accessibility?.score ?? 0) * 100);
      const ok = perf >= MIN && a11y >= MIN;
      if (formFactor === GATE) failed ||= !ok;
      const metric = (id: string) => result?.lhr.audits[id]?.displayValue ?? '-';
      const metrics = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`;
      console.log(`${p.name.padEnd(20)} ${String(perf).padStart(11)}  ${String(a11y).padStart(13)}  ${ok ? 'ok   ' : 'UNDER'}  ${metrics}`);
    }
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
