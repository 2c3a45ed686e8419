import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse/sync';
import { MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, isCsvFile } from '../../shared/constants.js';
import { HttpError, badRequest } from './errors.js';

export const csvMessages = {
  notUtf8: 'The file is not UTF-8 text. In your spreadsheet choose "Save as… CSV UTF-8 (comma delimited)" and upload it again.',
  notText: 'The file contains NUL characters, so it is not a CSV text file. Save it as "CSV UTF-8" and upload it again.',
} as const;

const n = (v: number) => v.toLocaleString('en-US');

/** docs/product.md#importing: what one uploaded table (CSV, or a workbook's sheet) may hold. */
export const tableLimitMessages = {
  rows: `The file has more than ${n(MAX_IMPORT_ROWS)} rows. Split it into smaller files and import them one after another.`,
  columns: `The file has more than ${n(MAX_IMPORT_COLUMNS)} columns. Remove the columns you do not import and upload it again.`,
  cells: `The file has more than ${n(MAX_IMPORT_CELLS)} cells (rows × columns). Remove the columns you do not import, or split it into smaller files.`,
} as const;

const tooLarge = (why: keyof typeof tableLimitMessages, field: string) => new HttpError(413, tableLimitMessages[why], field);

/**
 * Rows and fields per row counted before anything is split, in one pass over the text: within the
 * 20 MB limit a file of line breaks or of delimiters would otherwise become millions of arrays (14 s
 * and 900 MB for 5 million rows). Line breaks and delimiters inside quotes do not count.
 */
export function checkCsvShape(text: string, delimiter: string, field = 'bulkFile'): void {
  const d = delimiter.charCodeAt(0);
  let breaks = 0;
  let fields = 1;
  let cells = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (quoted) continue;
    else if (c === d) {
      if (++fields > MAX_IMPORT_COLUMNS) throw tooLarge('columns', field);
    } else if (c === 10 || c === 13) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      cells += fields;
      fields = 1;
      if (cells > MAX_IMPORT_CELLS) throw tooLarge('cells', field);
      if (++breaks >= MAX_IMPORT_ROWS && i + 1 < text.length) throw tooLarge('rows', field);
    }
  }
  if (cells + fields > MAX_IMPORT_CELLS) throw tooLarge('cells', field);
}

/** The server repeats the client's check (docs/product.md#validation), so API callers get the same rule. */
export const isCsvUpload = isCsvFile;

const starts = (buf: Buffer, bytes: number[]) => buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);

/**
 * The text of an uploaded CSV file. UTF-8 (with or without Excel's BOM) is the format the templates
 * use; UTF-16 is read when its BOM says so. Anything else — Latin-1/Windows-1252 bytes, UTF-16 without
 * a BOM, binary files — is refused on the upload's field instead of being stored as garbled names.
 */
export function csvText(content: Buffer, field = 'bulkFile'): string {
  let text: string;
  try {
    if (starts(content, [0xff, 0xfe])) text = new TextDecoder('utf-16le', { fatal: true }).decode(content.subarray(2));
    else if (starts(content, [0xfe, 0xff])) text = new TextDecoder('utf-16be', { fatal: true }).decode(content.subarray(2));
    else {
      // isUtf8 (simdutf) and toString refuse and decode what a fatal TextDecoder does, several times faster.
      if (!isUtf8(content)) throw new Error('not UTF-8');
      text = content.toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
  } catch {
    throw badRequest(csvMessages.notUtf8, field);
  }
  if (text.includes('\u0000')) throw badRequest(csvMessages.notText, field);
  return text;
}

/**
 * An uploaded CSV file as a bulk form reads it (teams, users): the header's column names lower-cased,
 * and every row with a cell in it, with the line it ends on (the row number a spreadsheet shows).
 */
export function csvTable(content: Buffer, field = 'bulkFile'): { columns: string[]; rows: { record: string[]; line: number }[] } {
  let records: { record: string[]; info: { lines: number } }[];
  const text = csvText(content, field);
  checkCsvShape(text, ',', field);
  try {
    // With info: true each record comes with its position, which the string[][] typing does not show.
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (e) {
    throw badRequest(`The file could not be read as CSV: ${(e as Error).message}`, field);
  }
  const [header, ...body] = records;
  return {
    columns: (header?.record ?? []).map((c) => c.toLowerCase()),
    // A row of empty cells (",,") is what spreadsheets leave behind; it is not data.
    rows: body.filter(({ record }) => record.some((cell) => cell !== '')).map(({ record, info }) => ({ record, line: info.lines })),
  };
}

/** What csv-parse's `ltrim` skips at the start of an unquoted field; its `rtrim` is String#trimEnd. */
const LEADING_TRIM = /^[\r\n\f \t]+/;
const ONLY_TRIM = /^[\r\n\f \t]*$/;
const trimCell = (c: string) => {
  const first = c.charCodeAt(0);
  return (first === 32 || first === 9 || first === 10 || first === 12 || first === 13 ? c.replace(LEADING_TRIM, '') : c).trimEnd();
};

/**
 * The records of a CSV text exactly as csv-parse reads them with { bom, skip_empty_lines,
 * relax_column_count, trim }. Without a quote character no field can hold a comma or a line break,
 * so such a text is split directly: the same records (a test compares both on random texts), several
 * times faster on a 10,000-row import. Any quote leaves the text to csv-parse, which also reports
 * malformed quoting. Like csv-parse, the first line break found (CRLF, LF or CR) separates records.
 */
export function csvRecords(text: string, trim: boolean): string[][] {
  if (text.includes('"')) return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim }) as string[][];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const at = body.search(/[\r\n]/);
  const delimiter = at >= 0 && body[at] === '\r' ? (body[at + 1] === '\n' ? '\r\n' : '\r') : '\n';
  const records: string[][] = [];
  for (const line of body.split(delimiter)) {
    const hasComma = line.includes(',');
    // csv-parse skips a line whose one field is empty once leading trim characters are skipped.
    if (!hasComma && (trim ? ONLY_TRIM.test(line) : line === '')) continue;
    const cells = hasComma ? line.split(',') : [line];
    if (trim) for (let k = 0; k < cells.length; k++) cells[k] = trimCell(cells[k]!);
    records.push(cells);
  }
  return records;
}
