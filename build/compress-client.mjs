#!/usr/bin/env node
// After the client builds: a .br and a .gz beside every text asset, which @fastify/static serves
// (preCompressed in src/server/app.ts) so phones on slow networks download a third of the bytes
// and the server never compresses per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = join(process.argv[2] ?? 'dist/client', 'assets');
let files = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const raw = readFileSync(join(dir, name));
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(raw, { level: 9 }));
  files++;
}
console.log(`compressed ${files} client assets (.br, .gz)`);
