/**
 * The end-to-end write flows (teams, players, evaluations, users, evaluation sessions) in Chromium
 * against a throw-away PostgreSQL database on TEST_DATABASE_URL's server, so the real browser also
 * exercises the second database. The database is dropped whatever happens.
 */
import { spawnSync } from 'node:child_process';
import { createTempDatabase } from './lib/pg-temp.js';

const SPECS = [
  'e2e/teams.spec.ts',
  'e2e/players.spec.ts',
  'e2e/evaluations.spec.ts',
  'e2e/users.spec.ts',
  'e2e/sessions.spec.ts',
  'e2e/reports.spec.ts',
];

const server = process.env.TEST_DATABASE_URL;
if (!server) {
  console.error('TEST_DATABASE_URL is not set: there is no PostgreSQL server to run the end-to-end flows on.');
  process.exit(1);
}
const temp = await createTempDatabase(server, 'club_e2e');
let status = 1;
try {
  console.log(`end-to-end write flows on PostgreSQL (temporary database ${temp.name})`);
  const run = spawnSync('npx', ['playwright', 'test', ...SPECS, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_DATABASE_URL: temp.url,
      PW_OUTPUT: 'test-results/playwright-postgres',
      SCREENS_DIR: 'test-results/screens-postgres',
    },
  });
  status = run.status ?? 1;
} finally {
  await temp.drop();
}
process.exit(status);
