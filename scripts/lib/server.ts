/**
 * Starts the real server process (`node --import tsx src/server/main.ts`) on a given database, on a
 * free port, and waits until it serves. The scripts signal it by PID; it exits by itself when the
 * script that started it is gone (orphan-guard.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Server {
  pid: number;
  base: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines the server printed (for failure messages). */
  output(): string;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export async function startServer(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...nodeArgs, '--import', './scripts/lib/orphan-guard.ts', 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'auto',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_PER_MINUTE: '1000',
        CLIENT_DIR: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 60 s:\n${log}`)), 60_000);
    const look = () => {
      const m = /serving http:\/\/localhost:(\d+)/.exec(log);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve(`http://127.0.0.1:${m[1]}`);
    };
    child.stdout!.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before serving:\n${log}`));
    });
  });
  return { pid: child.pid!, base, child, exited, output: () => log };
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export async function stopServer(server: Server, graceMs = 10_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  process.kill(server.pid, 'SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}
