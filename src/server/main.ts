import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_SIGN_INS, isEmpty, seedDemo } from './cli/seed-demo.js';
import { ensureAdminFromEnv } from './cli/create-admin.js';

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
await migrateToLatest(database);

const empty = await isEmpty(database.db);
const seeded = config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && empty && !config.ADMIN_EMAIL);
if (seeded && empty) await seedDemo(database.db);
await ensureAdminFromEnv(database.db, config);

const app = await buildApp({ config, database });
await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(`\nClub app is serving ${url} (database: ${database.dialect})`);
if (seeded) {
  console.log('Demo sign-ins:');
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.email.padEnd(24)} ${s.password}`);
}

// Graceful shutdown: new requests get 503 while the ones in flight finish, then stop listening,
// close the database, exit.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .drain(8_000)
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
