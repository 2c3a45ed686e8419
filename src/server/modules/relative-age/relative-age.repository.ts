import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Birth dates of the given players (those without one are left out). */
export async function birthDates(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('players')
      .select(['id', 'birth_date'])
      .where('id', 'in', ids.slice(i, i + 500))
      .where('birth_date', 'is not', null)
      .execute();
    for (const r of rows) found.set(r.id, r.birth_date!);
  }
  return found;
}
