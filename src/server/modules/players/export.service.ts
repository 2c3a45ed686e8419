import type { Kysely } from 'kysely';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import { formatPercent } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { toCsv } from './export.csv.js';
import { exportRows } from './export.repository.js';
import type { ListFilter } from './players.repository.js';

/** The players CSV (FirstName, LastName, Email, Score) with a BOM, so spreadsheets read it as UTF-8. */
export async function exportCsv(db: Kysely<DB>, filter: ListFilter): Promise<string> {
  const rows = await exportRows(db, filter);
  return `\uFEFF${toCsv(
    CSV_TEMPLATES.export,
    rows.map((p) => [p.first_name, p.last_name, p.email, formatPercent(Number(p.total ?? 0))]),
  )}`;
}
