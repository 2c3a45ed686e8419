#!/usr/bin/env node
// The end-to-end suite with the date moved (default 400 days ahead): the Playwright runner, the server
// and Chromium run under libfaketime (Debian package `faketime`), and e2e/fixtures.ts sets every
// browser context's page clock to the same date with Playwright's clock.
// Usage: node scripts/e2e-shifted.mjs [days] [playwright args…]
import { spawnSync } from 'node:child_process';

const days = /^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : '400';
const args = process.argv.slice(days === process.argv[2] ? 3 : 2);
const run = spawnSync('node', ['scripts/e2e-shards.mjs', ...args], {
  stdio: 'inherit',
  env: { ...process.env, LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', FAKETIME: `+${days}d` },
});
process.exit(run.status ?? 1);
