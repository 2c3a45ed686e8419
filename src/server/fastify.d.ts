import type { Kysely } from 'kysely';
import type { Actor } from '../shared/permissions.js';
import type { Access } from './policies/access.js';
import type { SessionUser } from './modules/auth/sessions.repository.js';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { DB } from './db/types.js';
import type { Mailer } from './mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    database: Database;
    config: Config;
    mailer: Mailer;
    /** Every route with its access declaration, for the access-matrix tests. */
    routeTable: import('./app.js').RouteEntry[];
    /** Shutdown: new requests get 503 until the ones in flight finish (lib/drain.ts). */
    drain(timeoutMs: number): Promise<void>;
  }
  interface FastifyRequest {
    actor: Actor | null;
    session: SessionUser | null;
    /** A tryout guest evaluator, on the routes declared access.guest (policies/eval-sessions.ts). */
    guest: import('./policies/eval-sessions.js').Guest | null;
    /** A signed-in guardian, on the routes declared access.family (policies/family.ts). */
    family: import('./policies/family.js').Guardian | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
