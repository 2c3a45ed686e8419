import { z } from 'zod';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import { userCreateSchema } from '../../../shared/schemas/user.js';
import { csvTable } from '../../lib/csv-text.js';
import { badRequest } from '../../lib/errors.js';

/** POST /api/users/bulk: checking every CSV row (CSV_TEMPLATES.users). */

export const MAX_BULK_USERS = 1000;

export interface CsvUserRow {
  /** The row number a spreadsheet shows (header = row 1). */
  row: number;
  first_name: string;
  last_name: string;
  email: string;
}

const rowSchema = userCreateSchema.pick({ first_name: true, last_name: true, email: true });
const FIELD_NAMES: Record<string, string> = { first_name: 'FirstName', last_name: 'LastName', email: 'Email' };

/** Parses the file and checks each row on its own; returns the valid rows and every problem ("row N: …"). */
export function parseUserCsv(content: Buffer): { rows: CsvUserRow[]; errors: string[] } {
  const { columns, rows: filled } = csvTable(content);
  const at = CSV_TEMPLATES.users.map((c) => columns.indexOf(c.toLowerCase()));
  if (at.some((i) => i < 0)) {
    throw badRequest(
      `The first row must name the columns ${CSV_TEMPLATES.users.join(', ')}. Download the CSV template to start from.`,
      'bulkFile',
    );
  }
  if (filled.length === 0) throw badRequest('The file has no users in it.', 'bulkFile');
  if (filled.length > MAX_BULK_USERS)
    throw badRequest(`At most ${MAX_BULK_USERS} users per file. Split the file and upload the parts.`, 'bulkFile');
  const rows: CsvUserRow[] = [];
  const errors: string[] = [];
  for (const { record, line } of filled) {
    const parsed = rowSchema.safeParse({ first_name: record[at[0]!] ?? '', last_name: record[at[1]!] ?? '', email: record[at[2]!] ?? '' });
    if (parsed.success) rows.push({ row: line, ...parsed.data });
    else errors.push(`row ${line}: ${describeIssues(parsed.error)}`);
  }
  return { rows, errors };
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${FIELD_NAMES[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`).join('; ');
}
