import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { emailField, requiredText } from '../../../shared/schemas/common.js';
import { dobField, NAME_MAX, optionalEmail } from '../../../shared/schemas/player.js';
import { csvText } from '../../lib/csv-text.js';
import { badRequest } from '../../lib/errors.js';

/** Players CSV (template FirstName, LastName, Email, Dob, PlayerEmail): parsing and row checks. */

const COLUMNS = { FirstName: 'first_name', LastName: 'last_name', Email: 'email', Dob: 'dob', PlayerEmail: 'player_email' } as const;
type Column = keyof typeof COLUMNS;
const REQUIRED_COLUMNS: Column[] = ['FirstName', 'LastName', 'Email'];
const LABEL = Object.fromEntries(Object.entries(COLUMNS).map(([k, v]) => [v, k])) as Record<string, Column>;

const rowSchema = z.object({
  first_name: requiredText(NAME_MAX),
  last_name: requiredText(NAME_MAX),
  email: emailField,
  dob: dobField,
  player_email: optionalEmail,
});
export type BulkRow = z.output<typeof rowSchema> & { line: number };

/** Reports are capped so a wrong file does not answer with megabytes of text. */
const MAX_REPORTED = 500;

export function bulkMessage(errors: readonly string[]): string {
  const shown = errors.slice(0, MAX_REPORTED);
  const more = errors.length - shown.length;
  return more > 0 ? `${shown.join('\n')}\n… and ${more} more rows with errors.` : shown.join('\n');
}

const normalise = (h: string) => h.replace(/[\s_]/g, '').toLowerCase();

/**
 * Rows are numbered as a spreadsheet shows them: the header is row 1, so 'row 7' is line 7 of the
 * file. Returns valid rows and one message per bad row (every problem of that row).
 */
export function parsePlayersCsv(data: Buffer): { rows: BulkRow[]; errors: string[] } {
  let records: string[][];
  const text = csvText(data);
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest(`${line ? `row ${line}: ` : ''}The file is not a readable CSV (${(err as Error).message.split('\n')[0]}).`, 'bulkFile');
  }
  const [header, ...body] = records;
  if (!header) throw badRequest('The file is empty. Use the template: FirstName, LastName, Email, Dob, PlayerEmail.', 'bulkFile');
  const index = new Map<Column, number>();
  header.forEach((h, i) => {
    const col = (Object.keys(COLUMNS) as Column[]).find((c) => normalise(c) === normalise(h));
    if (col && !index.has(col)) index.set(col, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) throw badRequest(`The file needs the columns ${missing.join(', ')}. Use the template: FirstName, LastName, Email, Dob, PlayerEmail.`, 'bulkFile');
  if (!body.length) throw badRequest('The file has no player rows.', 'bulkFile');

  const rows: BulkRow[] = [];
  const errors: string[] = [];
  body.forEach((cells, i) => {
    const line = i + 2;
    const input = Object.fromEntries((Object.keys(COLUMNS) as Column[]).map((c) => [COLUMNS[c], index.has(c) ? (cells[index.get(c)!] ?? '') : '']));
    const parsed = rowSchema.safeParse(input);
    if (parsed.success) rows.push({ ...parsed.data, line });
    else errors.push(`row ${line}: ${parsed.error.issues.map((issue) => `${LABEL[String(issue.path[0])] ?? 'Row'}: ${issue.message}`).join('; ')}`);
  });
  return { rows, errors };
}

