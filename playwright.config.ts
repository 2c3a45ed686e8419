import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Headless runs use Chromium's headless shell when it is installed, as Playwright's own browsers do: the
// same engine without the browser's UI layer, a quarter less CPU per spec (measured 2026-12-02). A headed
// run (--headed, --ui, PWDEBUG) needs the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const headed = process.argv.some((a) => a === '--headed' || a === '--ui' || a === '--debug') || Boolean(process.env.PWDEBUG);
const CHROMIUM = process.env.CHROMIUM_PATH ?? (!headed && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium chromium-headless-shell (or set CHROMIUM_PATH).`,
  );
}

// Each run gets its own port and a fresh demo database, so parallel runs never collide. Chromium
// refuses its "unsafe" ports (ERR_UNSAFE_PORT): 4045, 5060 and 5061 lie in this range.
const UNSAFE_PORTS = new Set([4045, 5060, 5061]);
function freshPort(): number {
  for (;;) {
    const candidate = 4000 + Math.floor(Math.random() * 2000);
    if (!UNSAFE_PORTS.has(candidate)) return candidate;
  }
}
const port = Number(process.env.E2E_PORT ?? freshPort());
process.env.E2E_PORT = String(port);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'club-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// Mail goes over SMTP to this port, where e2e/passwords.spec.ts runs a real SMTP capture (smtp-server).
// When nothing listens, delivery fails fast and the message stays in the outbox as 'failed'.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 20000 + Math.floor(Math.random() * 20000));
process.env.E2E_SMTP_PORT = String(smtpPort);
// Signs the bounce notices e2e/report-delivery.spec.ts posts to the webhook.
process.env.E2E_WEBHOOK_SECRET ??= 'e2e-bounce-webhook-secret';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A test that needs a retry to pass is a bug to find, on CI as here.
  retries: 0,
  reporter: [['list']],
  // Names the slowest spec files at the end, so CI shows where the suite's time goes.
  reportSlowTests: { max: 8, threshold: 20_000 },
  // Separate output folders let several runs share the machine (PW_OUTPUT, CLIENT_DIR per run).
  outputDir: process.env.PW_OUTPUT ?? 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace with the page's DOM at every step, and a screenshot of the end. A
    // screenshot at every step cost a fifth of the suite's CPU, the DOM snapshots another 15–20 %
    // (measured 2026-12-01): CI, whose output is text, records no trace (E2E_TRACES=0).
    trace: process.env.E2E_TRACES === '0' ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx src/server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // E2E_DATABASE_URL runs the suite on PostgreSQL (scripts/e2e-postgres.ts makes a throw-away one).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite:${join(dataDir, 'e2e.db')}`,
      SEED_DEMO: 'auto',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_PER_MINUTE: '1000',
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The hand-over notices would mail every demo family at start, before any capture listens.
      HANDOVER_JOB_MINUTES: '0',
      OFFERS_JOB_MINUTES: '0',
      MAIL_WEBHOOK_SECRET: process.env.E2E_WEBHOOK_SECRET,
    },
  },
});
