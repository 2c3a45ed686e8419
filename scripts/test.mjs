#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + API tests on SQLite (and PostgreSQL when TEST_DATABASE_URL is
// set), the client build, then the Playwright end-to-end suite in the system Chromium (and its write
// flows again on a throw-away PostgreSQL database when TEST_DATABASE_URL is set). The lanes of one
// phase run side by side; each step prints its time. TEST_SHIFTED_CLOCK=1 (CI) adds the SQLite API
// suite once more with the clock 400 days ahead in UTC+14, so a test that depends on today's date
// fails now. TEST_CRASH=1 (CI) adds the crash tests (`npm run test:crash`) beside the end-to-end suite.
// `npm test -- <prefix>` runs only the steps whose names start with it.
import { existsSync } from 'node:fs';
import { runTogether } from './lib/run-together.mjs';

const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const pg = Boolean(process.env.TEST_DATABASE_URL);
const shifted = process.env.TEST_SHIFTED_CLOCK === '1';
const crash = process.env.TEST_CRASH === '1';
if (shifted && !existsSync(FAKETIME_LIB)) {
  console.error(`TEST_SHIFTED_CLOCK=1 needs libfaketime (${FAKETIME_LIB}): apt-get install -y faketime`);
  process.exit(1);
}
if (!pg) console.log('TEST_DATABASE_URL is not set: the API suite runs on SQLite only.');

const step = (name, cmd, args, env) => ({ name, cmd, args, env });
// CHECK_CACHE_DIR (CI sets it outside the clone): lint and typecheck keep what they learnt of each
// file's content there, so a clean clone re-checks only the files that changed. Sound for these tools:
// ESLint's rules here read one file each (no type information) and its cache keys on the content and
// the config; tsc's incremental build re-checks every file whose content or dependencies changed.
const cacheDir = process.env.CHECK_CACHE_DIR;
const lintStep = cacheDir
  ? step('lint', 'sh', [
      '-c',
      `npx eslint . --max-warnings=0 --cache --cache-strategy content --cache-location "${cacheDir}/eslint" && npx prettier --check . --cache --cache-strategy content --cache-location "${cacheDir}/prettier"`,
    ])
  : step('lint', 'npm', ['run', 'lint']);
const typecheckArgs = [
  'tsc',
  '--noEmit',
  '-p',
  '.',
  ...(cacheDir ? ['--incremental', '--tsBuildInfoFile', `${cacheDir}/tsbuildinfo`] : []),
];
const shiftedEnv = { LD_PRELOAD: FAKETIME_LIB, FAKETIME: '+400d', TZ: 'Pacific/Kiritimati' };
// A phase lists lanes that run side by side; the steps of a lane (an array) run one after another.
const phases = [
  [
    lintStep,
    step('typecheck', 'npx', typecheckArgs),
    // Built once; the end-to-end steps and the bundle budget read this build.
    step('client build', 'npm', ['run', 'build']),
  ],
  [
    [
      step('unit + API tests (SQLite)', 'npx', ['vitest', 'run']),
      shifted && step('API tests (SQLite, clock +400 d, UTC+14)', 'npx', ['vitest', 'run', '--project', 'server'], shiftedEnv),
    ],
    // Waits on its database server part of the time, so it shares the machine well with the SQLite lane.
    pg && step('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'postgres' }),
  ],
  [
    step('end-to-end (Chromium)', 'node', ['scripts/e2e-shards.mjs']),
    [
      pg && step('end-to-end on PostgreSQL (write flows)', 'npx', ['tsx', 'scripts/e2e-postgres.ts']),
      // The PostgreSQL flows end minutes before the SQLite shards: the crash tests fill that time.
      crash && step('crash tests (SQLite, PostgreSQL)', 'npm', ['run', 'test:crash']),
    ],
  ],
  // Reads the manifest of the client build; last so an over-budget bundle never hides e2e results.
  [step('bundle budget', 'node', ['build/check-bundle.mjs'])],
];

/** Runs a phase's lanes side by side and the steps of each lane in turn; resolves to the failed steps' names. */
async function runPhase(lanes) {
  const failed = [];
  await Promise.all(
    lanes.map(async (lane) => {
      for (const s of lane) {
        const names = await runTogether([s]);
        failed.push(...names);
        if (names.length > 0) return;
      }
    }),
  );
  return failed;
}

const only = process.argv[2];
const started = Date.now();
for (const phase of phases) {
  const lanes = phase
    .map((lane) => (Array.isArray(lane) ? lane : [lane]).filter((s) => s && (!only || s.name.startsWith(only))))
    .filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  console.log(`\n=== ${lanes.map((lane) => lane.map((s) => s.name).join(' → ')).join(' | ')} ===`);
  const failed = await runPhase(lanes);
  if (failed.length > 0) {
    console.log(`=== FAILED: ${failed.join(', ')}`);
    process.exit(1);
  }
}
console.log(`=== all steps ok (${Math.round((Date.now() - started) / 1000)} s)`);
