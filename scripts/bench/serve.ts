/**
 * Child process of `npm run bench` (started by servers.ts), so the load generator and the server
 * under test do not share one event loop. BENCH_SERVE=app: the real app (buildApp) on DATABASE_URL;
 * BENCH_SERVE=bare: a minimal Fastify instance answering GET /bare/<i> with the i-th JSON body it is
 * sent over IPC. Listens on 127.0.0.1 on a free port and reports the port over IPC; exits on SIGTERM
 * or when the parent is gone.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';

const send = (message: unknown) => process.send!(message);

async function app(): Promise<FastifyInstance> {
  const config = loadConfig(
    {},
    {
      DATABASE_URL: process.env.DATABASE_URL!,
      LOG_LEVEL: 'warn',
      // One sign-in per run; a high limit keeps the per-IP sign-in limit out of the way of reruns.
      LOGIN_MAX_PER_MINUTE: 10_000,
      CLIENT_DIR: '/nonexistent',
      // The seeded club's players are born 2008–2017: at a first start the hand-over job would send
      // notices for about a third of them (one transaction, mails and an audit row each) during
      // every measurement. The 2026-11-26 figures of ADR 0023 were taken with it running.
      HANDOVER_JOB_MINUTES: 0,
    },
  );
  return buildApp({ config });
}

async function bare(): Promise<FastifyInstance> {
  const bodies = await new Promise<string[]>((resolve) => process.once('message', (m: { bodies: string[] }) => resolve(m.bodies)));
  const server = Fastify({ logger: false });
  server.get<{ Params: { i: string } }>('/bare/:i', (req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(bodies[Number(req.params.i)]);
  });
  return server;
}

const server = process.env.BENCH_SERVE === 'bare' ? await bare() : await app();
await server.listen({ port: 0, host: '127.0.0.1' });
send({ port: (server.server.address() as { port: number }).port });
process.on('message', (m: { heap?: boolean }) => {
  if (!m.heap) return;
  (globalThis as { gc?: () => void }).gc?.();
  const mb = (n: number) => n / 1048576;
  const used = process.memoryUsage();
  send({ heapMb: mb(used.heapUsed), heapTotalMb: mb(used.heapTotal), externalMb: mb(used.external), rssMb: mb(used.rss) });
});

const stop = () => {
  setTimeout(() => process.exit(1), 5000).unref();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
