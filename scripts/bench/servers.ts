/** Starts serve.ts in a child process, waits for its port, and stops it (SIGTERM, then SIGKILL). */
import { spawn, type ChildProcess } from 'node:child_process';

/** The server's memory after a full collection (MB): live heap, V8's committed heap, external, RSS. */
export interface MemoryAfterGc {
  heapMb: number;
  heapTotalMb: number;
  externalMb: number;
  rssMb: number;
}

export interface Child {
  base: string;
  /** The server process (its RSS is read from /proc after the mixed load). */
  pid: number;
  /** After a full collection: what it holds, apart from garbage not yet collected. */
  memoryAfterGc(): Promise<MemoryAfterGc>;
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
    memoryAfterGc: () =>
      new Promise<MemoryAfterGc>((resolve) => {
        child.once('message', (m: MemoryAfterGc) => resolve(m));
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
