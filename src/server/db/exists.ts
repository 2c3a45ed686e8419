import type { SelectQueryBuilder } from 'kysely';

/** Whether the query finds any row; it reads at most one. */
export async function exists<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<boolean> {
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
