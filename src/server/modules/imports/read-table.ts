import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../shared/constants.js';
import { checkCsvShape, csvText, tableLimitMessages } from '../../lib/csv-text.js';
import { HttpError, badRequest } from '../../lib/errors.js';
import { readXlsxRows, xlsxMessages } from './read-xlsx.js';

/** A spreadsheet as the wizard reads it: the header row, then each non-empty row with the row number a spreadsheet shows. */
export interface Table {
  headers: string[];
  rows: string[][];
  lines: number[];
}

export const readMessages = {
  unsupported: 'Upload a CSV file (.csv) or an Excel workbook (.xlsx).',
  empty: 'The file has no header row. The first row must name the columns.',
  noRows: 'The file has a header row but no rows below it.',
  xlsx: xlsxMessages.invalid,
} as const;

const tooLarge = (why: keyof typeof tableLimitMessages) => new HttpError(413, tableLimitMessages[why], 'file');

const isXlsx = (name: string, data: Buffer) => name.toLowerCase().endsWith('.xlsx') || (data[0] === 0x50 && data[1] === 0x4b);
const isCsv = (name: string) => /\.(csv|txt)$/i.test(name);

/**
 * The delimiter of the header line: spreadsheets in much of Europe save CSV with semicolons (the
 * comma is their decimal mark); tabs come from copy-paste. Quoted parts are ignored.
 */
export function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const end = text.search(/[\r\n]/);
  const first = (end < 0 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  // Counted, not split: a header line may be megabytes of delimiters.
  const count = (c: string) => {
    let n = 0;
    for (let at = first.indexOf(c); at >= 0; at = first.indexOf(c, at + 1)) n++;
    return n;
  };
  const counts: [',' | ';' | '\t', number][] = [
    [',', count(',')],
    [';', count(';')],
    ['\t', count('\t')],
  ];
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

function table(records: string[][], lines: number[]): Table {
  const [headers, ...rows] = records;
  if (!headers || headers.every((h) => h === '')) throw badRequest(readMessages.empty, 'file');
  if (!rows.length) throw badRequest(readMessages.noRows, 'file');
  return { headers, rows, lines: lines.slice(1) };
}

/**
 * Without a quote character no field can hold a delimiter or a line break, so each line is a record:
 * split directly (csv-parse takes most of a 10,000-row preview's time otherwise). Records and row
 * numbers are csv-parse's (read-table.test.ts compares both).
 */
function splitPlain(text: string, delimiter: string): Table {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  const lines: number[] = [];
  const all = body.split(/\r\n|\r|\n/);
  for (let i = 0; i < all.length; i++) {
    const cells = all[i]!.split(delimiter);
    for (let k = 0; k < cells.length; k++) cells[k] = cells[k]!.trim();
    if (records.length && cells.every((c) => c === '')) continue;
    if (!records.length && cells.length === 1 && cells[0] === '') continue;
    records.push(cells);
    lines.push(i + 1);
  }
  return table(records, lines);
}

/** A quoted CSV is parsed as a stream, one record at a time, so a large file is never held twice as rows. */
async function readCsv(data: Buffer): Promise<Table> {
  const text = csvText(data, 'file');
  const delimiter = sniffDelimiter(text);
  checkCsvShape(text, delimiter, 'file');
  if (!text.includes('"')) return splitPlain(text, delimiter);
  const parser = Readable.from([text]).pipe(
    parse({ bom: true, delimiter, info: true, skip_empty_lines: true, relax_column_count: true, trim: true }),
  );
  const records: string[][] = [];
  const lines: number[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // The shape check above counts as csv-parse does; these hold even where the two might differ.
      if (info.lines > MAX_IMPORT_ROWS) throw tooLarge('rows');
      if (record.length > MAX_IMPORT_COLUMNS) throw tooLarge('columns');
      if (!records.length || record.some((c) => c !== '')) {
        records.push(record);
        lines.push(info.lines);
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const line = (err as { lines?: number }).lines;
    throw badRequest(`${line ? `Row ${line}: ` : ''}the file is not a readable CSV (${(err as Error).message.split('\n')[0]}).`, 'file');
  }
  return table(records, lines);
}

/** A workbook is read under limits, in a worker thread (read-xlsx.ts). */
async function readXlsx(data: Buffer): Promise<Table> {
  const { records, lines } = await readXlsxRows(data);
  return table(records, lines);
}

/** The first sheet of a workbook or the records of a CSV file (UTF-8 or UTF-16 with BOM; comma, semicolon or tab). */
export async function readTable(name: string, data: Buffer): Promise<Table> {
  if (isXlsx(name, data)) return readXlsx(data);
  if (isCsv(name)) return readCsv(data);
  throw badRequest(readMessages.unsupported, 'file');
}
