import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { findSignableGuardian } from '../modules/family/family-auth.repository.js';
import { sendFamilyLink } from '../modules/family/family-auth.service.js';

// `npm run family-link -- --email parent@demo.club`: prints a one-time family sign-in link on this
// terminal (for the operator, e.g. the demo parent without SMTP; the outbox never shows links).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database);
  const guardian = values.email ? await findSignableGuardian(database.db, values.email.trim().toLowerCase()) : undefined;
  if (!guardian) {
    console.error('Usage: npm run family-link -- --email parent@example.org (a guardian with an invited or active link)');
    process.exitCode = 2;
  } else {
    await sendFamilyLink(
      database.db,
      { send: async (m) => void process.stdout.write(`${m.text.split('\n').find((l) => l.includes('/family/sign-in?token='))}\n`) },
      config.PUBLIC_URL,
      guardian,
      'signin',
    );
  }
  await database.close();
}
