import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_CSV_BYTES } from '../shared/constants.js';
import { MSG } from '../shared/messages.js';
import type { Access } from './policies/access.js';
import { sessionPlugin } from './modules/auth/session.plugin.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/index.js';
import { installDrain } from './lib/drain.js';
import { installErrorHandler } from './lib/error-handler.js';
import { inputGuard } from './lib/input-guard.js';
import { installReadYourWrites } from './lib/read-your-writes.js';
import { readScoreVersion } from './modules/scores/scores.repository.js';
import { logSerializers } from './lib/log-redact.js';
import { installSecretMasking } from './mail/secret-masking.js';
import { addressKey } from './lib/address-key.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { installLimitsPurge } from './lib/limits-purge.js';
import { installFamilyPurge } from './modules/family/family-purge.js';
import { installSecurityHeaders } from './lib/security-headers.js';
import { createMailer } from './mail/mailer.js';
import { loadOutboxKey } from './mail/outbox-seal.js';
import { modules } from './modules/index.js';

export interface BuildOptions {
  config: Config;
  /** Tests pass an already-migrated database; otherwise DATABASE_URL is opened. */
  database?: Database;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Extra plugins (tests only). */
  extraModules?: ((app: FastifyInstance) => Promise<void>)[];
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

/** Paths that must carry an access declaration; everything else is the SPA bundle or docs. */
const isGuarded = (url: string) =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/get-og-data') || url.startsWith('/assets/images/');

export async function buildApp({ config, database, logger, logStream, extraModules = [] }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false ? false : { level: config.LOG_LEVEL, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: 12 * 1024 * 1024, // profile photos arrive as data URLs in JSON
    trustProxy: config.TRUST_PROXY,
  });
  const db = database ?? openDatabase(config.DATABASE_URL);
  app.decorate('database', db);
  app.decorate('db', db.db);
  app.decorate('config', config);
  const outboxKey = loadOutboxKey(config);
  app.decorate('mailer', createMailer(config, db.db, app.log, outboxKey));
  installSecretMasking(app, outboxKey);
  installLimitsPurge(app);
  installFamilyPurge(app);
  if (!database) app.addHook('onClose', () => db.close());
  db.changes?.start(); // PostgreSQL: in-memory version and sessions (ADR 0011); close() stops it

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  installDrain(app);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const rule = route.config?.access;
    if (isGuarded(route.url) && !rule) {
      throw new Error(`Route ${String(route.method)} ${route.url} has no access declaration`);
    }
    if (rule && route.method !== 'HEAD') routeTable.push({ method: String(route.method), url: route.url, access: rule });
  });

  installSecurityHeaders(app, config);
  await app.register(cookie);
  // Per address (an IPv6 client by its /64), in counters every process of the database shares.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db.limits), keyGenerator: (req) => addressKey(req.ip) });
  await app.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Club player evaluation API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(sessionPlugin);
  installReadYourWrites(app, readScoreVersion);
  await app.register(inputGuard);

  for (const mod of [...modules, ...extraModules]) await app.register(mod);

  await serveClient(app, config);
  return app;
}

const PWA_FILES = /^\/(sw\.js|manifest\.webmanifest|icons\/[a-z0-9-]+\.(png|svg))$/;

/** Serves the built SPA: hashed assets cached for a year, every other non-API GET gets index.html. */
async function serveClient(app: FastifyInstance, config: Config): Promise<void> {
  const root = resolve(config.CLIENT_DIR);
  const hasClient = existsSync(resolve(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: resolve(root, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      // .br / .gz written at build time by build/compress-client.mjs
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
      // Only hashed files get the year above. This instance's sendFile would fall back to it whenever
      // a file has no .br/.gz twin (as the HTML entries and the worker have none), so entries use the
      // instance below, which knows no caching at all.
      decorateReply: false,
    });
  }
  // reply.sendFile for the entries, the worker, the manifest and the icons: each call sets its own
  // cache-control; nothing here can make an entry long-lived, whatever Accept-Encoding says.
  await app.register(fastifyStatic, { serve: false, cacheControl: false, preCompressed: false });
  const hasPublicPage = existsSync(resolve(root, 'public.html'));
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // The installable app's files (ADR 0014): the worker and manifest revalidated on every load so an
    // update reaches phones; icons for a day.
    const pwaFile = hasClient && (req.method === 'GET' || req.method === 'HEAD') ? PWA_FILES.exec(path) : null;
    if (pwaFile && existsSync(resolve(root, `.${path}`))) {
      const type = path.endsWith('.js')
        ? 'text/javascript'
        : path.endsWith('.png')
          ? 'image/png'
          : path.endsWith('.svg')
            ? 'image/svg+xml'
            : 'application/manifest+json';
      return reply
        .type(type)
        .header('cache-control', path.startsWith('/icons/') ? 'public, max-age=86400' : 'no-cache')
        .sendFile(path.slice(1), root);
    }
    if (hasClient && (req.method === 'GET' || req.method === 'HEAD') && !isGuarded(path) && !path.startsWith('/api/')) {
      // The public leaderboard has its own small entry (build/vite.public.config.ts) for anonymous phones.
      const page = hasPublicPage && /^\/leaderboard(\/|$)/.test(path) ? 'public.html' : 'index.html';
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile(page, root);
    }
    return reply.status(404).send({ message: MSG.notFoundApi });
  });
}
