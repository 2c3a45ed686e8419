#!/usr/bin/env node
// The end-to-end suite as E2E_SHARDS Playwright processes side by side (default 2). Each shard starts
// its own server on its own port with its own fresh demo database, SMTP port and output folder
// (playwright.config.ts picks them per process), so specs of different shards never share written
// data; within a shard they run one after another as before. Extra arguments go to every shard.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTogether } from './lib/run-together.mjs';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const output = process.env.PW_OUTPUT ?? 'test-results/playwright';
/** A port the system has free now (ephemeral range: none of Chromium's unsafe ports lie there). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const ports = [];
while (ports.length < shards * 2) {
  const port = await freePort();
  if (!ports.includes(port)) ports.push(port);
}
const jobs = Array.from({ length: shards }, (_, i) => ({
  name: `e2e ${i + 1}/${shards}`,
  cmd: 'npx',
  args: ['playwright', 'test', `--shard=${i + 1}/${shards}`, ...process.argv.slice(2)],
  env: {
    E2E_PORT: String(ports[2 * i]),
    E2E_SMTP_PORT: String(ports[2 * i + 1]),
    E2E_DATA_DIR: mkdtempSync(join(tmpdir(), 'club-e2e-')),
    PW_OUTPUT: `${output}-${i + 1}`,
  },
}));
const failed = await runTogether(jobs);
process.exit(failed.length === 0 ? 0 : 1);
