import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { hashPassword } from '../modules/auth/passwords.js';
import type { Config } from '../config.js';
import { loadConfig } from '../config.js';
import { ensureBuiltInRoles, findUserIdByEmail, insertUser, roleIdByKey } from '../db/bootstrap.js';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import type { DB } from '../db/types.js';

export async function createSuperadmin(
  db: Kysely<DB>,
  input: { email: string; password: string; first_name: string; last_name: string },
): Promise<'created' | 'exists'> {
  await ensureBuiltInRoles(db);
  if (await findUserIdByEmail(db, input.email)) return 'exists';
  await insertUser(db, {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    password_hash: await hashPassword(input.password),
    role_id: await roleIdByKey(db, 'superadmin'),
  });
  return 'created';
}

/** ADMIN_EMAIL + ADMIN_PASSWORD create the first Superadmin on a production install (no demo). */
export async function ensureAdminFromEnv(db: Kysely<DB>, config: Config): Promise<void> {
  await ensureBuiltInRoles(db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await createSuperadmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, first_name: 'Club', last_name: 'Admin' });
  }
}

// `npm run create-admin -- --email a@b.c --password 'long secret' [--first Ada --last Admin]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' } },
  });
  if (!values.email || !values.password || values.password.length < 8) {
    console.error('Usage: npm run create-admin -- --email you@club.org --password "at least 8 characters" [--first Ada --last Admin]');
    process.exit(2);
  }
  const database = openDatabase(loadConfig().DATABASE_URL);
  await migrateToLatest(database);
  const result = await createSuperadmin(database.db, {
    email: values.email,
    password: values.password,
    first_name: values.first ?? 'Club',
    last_name: values.last ?? 'Admin',
  });
  console.log(result === 'created' ? `Superadmin ${values.email} created.` : `A user with ${values.email} already exists.`);
  await database.close();
}
