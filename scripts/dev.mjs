#!/usr/bin/env node
// `npm run dev`: the API server with reload (tsx watch) on :3000 and Vite with HMR on :5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, CLIENT_DIR: '/nonexistent' } }),
  spawn('npx', ['vite', '--config', 'build/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
