#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + API tests on SQLite (and PostgreSQL when TEST_DATABASE_URL is
// set), then the client build and the Playwright end-to-end suite in the system Chromium (and its
// write flows again on a throw-away PostgreSQL database when TEST_DATABASE_URL is set).
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['unit + API tests (SQLite)', 'npx', ['vitest', 'run']],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'postgres' }]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on SQLite only.');
}
steps.push(['client build', 'npm', ['run', 'build']]);
steps.push(['end-to-end (Chromium)', 'npx', ['playwright', 'test']]);
if (process.env.TEST_DATABASE_URL) {
  steps.push(['end-to-end on PostgreSQL (write flows)', 'npx', ['tsx', 'scripts/e2e-postgres.ts']]);
}
// Reads the manifest of the client build above; last so an over-budget bundle never hides e2e results.
steps.push(['bundle budget', 'node', ['build/check-bundle.mjs']]);

const only = process.argv[2];
for (const [name, cmd, args, env] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}
