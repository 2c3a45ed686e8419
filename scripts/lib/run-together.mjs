// Runs commands side by side, each line of their output prefixed with its name; resolves to the
// names of those that failed. The suite's independent steps share the machine this way.
import { spawn } from 'node:child_process';

/** @param {{ name: string, cmd: string, args: string[], env?: Record<string, string | undefined> }[]} jobs */
export function runTogether(jobs) {
  return Promise.all(
    jobs.map(
      (job) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(job.cmd, job.args, { env: { ...process.env, ...job.env }, stdio: ['ignore', 'pipe', 'pipe'] });
          const relay = (stream, out) => {
            let rest = '';
            stream.on('data', (chunk) => {
              const lines = (rest + chunk).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) out.write(`[${job.name}] ${line}\n`);
            });
            stream.on('end', () => rest && out.write(`[${job.name}] ${rest}\n`));
          };
          relay(child.stdout, process.stdout);
          relay(child.stderr, process.stderr);
          child.on('close', (code) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            console.log(`=== ${job.name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
            resolve(code === 0 ? null : job.name);
          });
        }),
    ),
  ).then((names) => names.filter((n) => n !== null));
}
