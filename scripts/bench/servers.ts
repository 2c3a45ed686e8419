/** Starts serve.ts in a child process, waits for its port, and stops it (SIGTERM, then SIGKILL). */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child {
  base: string;
  /** The server process (its RSS is read from /proc after the mixed load). */
  pid: number;
  /** The server's V8 heap in use (MB) after a full collection: what it holds, apart from garbage not yet collected. */
  liveHeapMb(): Promise<number>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startChild(mode: 'app' | 'bare', env: Record<string, string>, bodies?: string[]): Promise<Child> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench/serve.ts'], {
    env: { ...process.env, ...env, BENCH_SERVE: mode },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      // A server that dies mid-run shows why (the load generator only sees a reset connection).
      if (!stopping) console.error(`the ${mode} server exited (${signal ?? code}) during the run; its last output:\n${log}`);
      resolve();
    }),
  );
  if (bodies) child.send({ bodies });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${mode} server did not start within 60 s:\n${log}`)), 60_000);
    child.once('message', (m: { port: number }) => (clearTimeout(timer), resolve(m.port)));
    void exited.then(() => (clearTimeout(timer), reject(new Error(`the ${mode} server exited before listening:\n${log}`))));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    liveHeapMb: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { heapMb: number }) => resolve(m.heapMb));
        child.send({ heap: true });
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
