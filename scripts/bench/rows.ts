/**
 * Raw multi-row INSERTs for the benchmark: literal VALUES (no bound parameters, so no driver limit on
 * their number), 1,000 rows a statement. Only for values the benchmark generates itself.
 */
import { sql, type Kysely } from 'kysely';

export type Cell = string | number | null;

const CHUNK = 1000;

function literal(v: Cell): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

export async function insertRows(db: Kysely<any>, table: string, columns: readonly string[], rows: readonly Cell[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map((row) => `(${row.map(literal).join(',')})`)
      .join(',');
    await sql.raw(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${values}`).execute(db);
  }
}
