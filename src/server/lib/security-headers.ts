import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Security headers on every answer. helmet's middleware is built once here: @fastify/helmet rebuilds it
 * (parsing the CSP directives again) on every request, which cost about a fifth of the CPU of a small
 * API answer in the profile behind ADR 0010.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.SECURE_COOKIES,
  });
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}
