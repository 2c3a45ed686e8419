import { z } from 'zod';
import { emailField, requiredText } from '../../../shared/schemas/common.js';
import {
  BIRTH_DATE_MESSAGES,
  birthDateAgrees,
  birthDateField,
  birthYearWith,
  dobField,
  NAME_MAX,
  optionalEmail,
} from '../../../shared/schemas/player.js';
import { checkCsvShape, csvRecords, csvText } from '../../lib/csv-text.js';
import { badRequest } from '../../lib/errors.js';

/**
 * Players CSV (template FirstName, LastName, Email, Dob, PlayerEmail): parsing and row checks. An
 * optional BirthDate column (YYYY-MM-DD, docs/product.md#relative-age) is read where a file has it.
 */

const COLUMNS = {
  FirstName: 'first_name',
  LastName: 'last_name',
  Email: 'email',
  Dob: 'dob',
  PlayerEmail: 'player_email',
  BirthDate: 'birth_date',
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED_COLUMNS: Column[] = ['FirstName', 'LastName', 'Email'];

const rowSchema = z.object({
  first_name: requiredText(NAME_MAX),
  last_name: requiredText(NAME_MAX),
  email: emailField,
  dob: dobField,
  player_email: optionalEmail,
  birth_date: birthDateField,
});
export type BulkRow = z.output<typeof rowSchema> & { line: number };

/** A cell its field's schema refused, with the messages for the report. */
class Invalid {
  constructor(readonly messages: string[]) {}
}

/**
 * Rows checked before a column decides whether remembering its results pays. The field schemas are
 * pure (trim, lower-case, number), so a text repeated down a column (birth years, family names,
 * parents' e-mails, empty cells) is checked once; a column of mostly distinct texts (first names,
 * e-mails) stops remembering, where the lookups and the kept results would cost more than they save.
 */
const SAMPLE = 200;

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
 * file. Returns valid rows and one message per bad row (every problem of that row, in column order,
 * as rowSchema reports them field by field).
 */
export function parsePlayersCsv(data: Buffer): { rows: BulkRow[]; errors: string[] } {
  let records: string[][];
  const text = csvText(data);
  checkCsvShape(text, ',');
  try {
    records = csvRecords(text, true);
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest(
      `${line ? `row ${line}: ` : ''}The file is not a readable CSV (${(err as Error).message.split('\n')[0]}).`,
      'bulkFile',
    );
  }
  const [header, ...body] = records;
  if (!header) throw badRequest('The file is empty. Use the template: FirstName, LastName, Email, Dob, PlayerEmail.', 'bulkFile');
  const index = new Map<Column, number>();
  header.forEach((h, i) => {
    const col = (Object.keys(COLUMNS) as Column[]).find((c) => normalise(c) === normalise(h));
    if (col && !index.has(col)) index.set(col, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length)
    throw badRequest(
      `The file needs the columns ${missing.join(', ')}. Use the template: FirstName, LastName, Email, Dob, PlayerEmail.`,
      'bulkFile',
    );
  if (!body.length) throw badRequest('The file has no player rows.', 'bulkFile');

  const column = (c: Column) => ({
    label: c,
    at: index.get(c) ?? -1,
    schema: rowSchema.shape[COLUMNS[c]],
    seen: new Map<string, unknown>() as Map<string, unknown> | null,
  });
  const columns = [
    column('FirstName'),
    column('LastName'),
    column('Email'),
    column('Dob'),
    column('PlayerEmail'),
    column('BirthDate'),
  ] as const;
  const [first, last, email, dob, playerEmail, birthDate] = columns;
  let problems: string[] = [];
  /** The cell's value if its field's schema accepts it, else its messages are added to `problems`. */
  const check = (f: (typeof columns)[number], cells: readonly string[]): unknown => {
    const cell = f.at < 0 ? '' : (cells[f.at] ?? '');
    // No field's output is undefined: undefined means not seen.
    let checked = f.seen?.get(cell);
    if (checked === undefined) {
      const result = f.schema.safeParse(cell);
      checked = result.success ? result.data : new Invalid(result.error.issues.map((issue) => `${f.label}: ${issue.message}`));
      f.seen?.set(cell, checked);
    }
    if (!(checked instanceof Invalid)) return checked;
    problems.push(...checked.messages);
    return undefined;
  };
  const rows: BulkRow[] = [];
  const errors: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (i === SAMPLE) for (const f of columns) if (f.seen!.size > SAMPLE / 2) f.seen = null;
    const cells = body[i]!;
    // In column order, as the messages of a row are listed.
    const row = {
      first_name: check(first, cells),
      last_name: check(last, cells),
      email: check(email, cells),
      dob: check(dob, cells),
      player_email: check(playerEmail, cells),
      birth_date: check(birthDate, cells),
      line: i + 2,
    } as BulkRow;
    if (row.birth_date !== undefined && row.dob !== undefined) {
      if (!birthDateAgrees(row.dob, row.birth_date)) problems.push(`BirthDate: ${BIRTH_DATE_MESSAGES.year}`);
      else row.dob = birthYearWith(row.dob, row.birth_date);
    }
    if (problems.length) {
      errors.push(`row ${row.line}: ${problems.join('; ')}`);
      problems = [];
    } else rows.push(row);
  }
  return { rows, errors };
}
