#!/usr/bin/env node
// Bundle budget (README.md#performance): gzip size of the JavaScript a first visit downloads before the
// page can render — the entry chunk, the lazy route chunks of that page, and every chunk those
// import statically. Reads the Vite manifests of both builds (vite.config.ts, vite.public.config.ts).
// Usage: node build/check-bundle.mjs [distDir]   (default dist/client)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? process.env.CLIENT_DIR ?? 'dist/client';
// Two builds (package.json "build"): the app, then the public leaderboard with its own manifest.
const read = (name) => JSON.parse(readFileSync(join(dist, '.vite', name), 'utf8'));
const KB = 1024;

// A direct visit to /leaderboard gets public.html (its own entry, see src/server/app.ts).
const budgets = [
  {
    name: 'staff area (/app/dashboard)',
    limit: 200 * KB,
    manifest: read('manifest.json'),
    entry: 'index.html',
    routes: ['app/boot.tsx', 'app/StaffLayout.tsx', 'features/dashboard/DashboardPage.tsx'],
  },
  { name: 'public leaderboard (/leaderboard)', limit: 120 * KB, manifest: read('public-manifest.json'), entry: 'public.html', routes: [] },
];

function closure(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest (route renamed? update build/check-bundle.mjs).`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
let failed = false;
for (const b of budgets) {
  if (!b.manifest[b.entry]?.isEntry) throw new Error(`${b.entry} is not an entry of its Vite manifest.`);
  const files = closure(b.manifest, [b.entry, ...b.routes]);
  const size = [...files].reduce((sum, f) => sum + gz(f), 0);
  const ok = size <= b.limit;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${b.name}: ${(size / KB).toFixed(1)} KB gzip of JS in ${files.size} chunks (budget ${b.limit / KB} KB)`,
  );
}

/**
 * Chunks that import one another evaluate in an order that depends on which of them a page asks for
 * first; main.tsx loads the app and the first screen side by side, so a cycle can run a chunk before
 * one it uses (a blank page). The chunk groups (vite.chunks.ts) must keep the static imports acyclic.
 */
function findCycle(manifest) {
  const state = new Map();
  const visit = (key, path) => {
    if (state.get(key) === 'done') return null;
    if (state.get(key) === 'open') return [...path.slice(path.indexOf(key)), key];
    state.set(key, 'open');
    for (const dep of manifest[key]?.imports ?? []) {
      const cycle = visit(dep, [...path, key]);
      if (cycle) return cycle;
    }
    state.set(key, 'done');
    return null;
  };
  for (const key of Object.keys(manifest)) {
    const cycle = visit(key, []);
    if (cycle) return cycle;
  }
  return null;
}
for (const b of budgets) {
  const cycle = findCycle(b.manifest);
  if (cycle) {
    failed = true;
    console.log(`CYCLE ${b.name}: chunks import one another: ${cycle.join(' → ')}`);
  }
}
if (failed) {
  console.error('Initial JavaScript is over budget (lazy-load the heavy parts of that route) or its chunks form a cycle.');
  process.exit(1);
}
