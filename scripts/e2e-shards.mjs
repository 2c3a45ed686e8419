#!/usr/bin/env node
// The end-to-end suite as E2E_SHARDS Playwright processes side by side (default 2). Each shard starts
// its own server on its own port with its own fresh demo database, SMTP port and output folder, so
// specs of different shards never share written data; within a shard they run one after another as
// before. Spec files are dealt to shards longest first by e2e/timings.json (a file it does not know
// weighs as the mean), so the shards end together. Arguments: spec files to run instead of all.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTogether } from './lib/run-together.mjs';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const output = process.env.PW_OUTPUT ?? 'test-results/playwright';
const asked = process.argv.slice(2);
const specs =
  asked.length > 0
    ? asked
    : readdirSync('e2e')
        .filter((f) => f.endsWith('.spec.ts'))
        .map((f) => `e2e/${f}`);

const { seconds } = JSON.parse(readFileSync('e2e/timings.json', 'utf8'));
const known = Object.values(seconds);
const mean = known.reduce((a, b) => a + b, 0) / Math.max(known.length, 1);
const weight = (spec) => seconds[spec] ?? mean;
const bins = Array.from({ length: Math.min(shards, specs.length) }, () => ({ load: 0, specs: [] }));
for (const spec of [...specs].sort((a, b) => weight(b) - weight(a))) {
  const lightest = bins.reduce((a, b) => (b.load < a.load ? b : a));
  lightest.load += weight(spec);
  lightest.specs.push(spec);
}

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
while (ports.length < bins.length * 2) {
  const port = await freePort();
  if (!ports.includes(port)) ports.push(port);
}
const jobs = bins.map((bin, i) => ({
  name: `e2e ${i + 1}/${bins.length}`,
  cmd: 'npx',
  args: ['playwright', 'test', ...bin.specs.sort()],
  env: {
    E2E_PORT: String(ports[2 * i]),
    E2E_SMTP_PORT: String(ports[2 * i + 1]),
    E2E_DATA_DIR: mkdtempSync(join(tmpdir(), 'club-e2e-')),
    PW_OUTPUT: `${output}-${i + 1}`,
  },
}));
for (const job of jobs) console.log(`${job.name}: ${job.args.length - 2} spec files`);
const failed = await runTogether(jobs);
process.exit(failed.length === 0 ? 0 : 1);
