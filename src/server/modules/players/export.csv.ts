import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheet formula injection: a cell starting with = + - @, tab or CR is run as a formula by
 * Excel/Sheets. A leading apostrophe makes it plain text (OWASP's advice).
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A number cell is a figure the server computed, never someone's text: written as it is (a negative stays a number). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (c: string | number) => (typeof c === 'number' ? String(c) : neutralise(c));
  return stringify([header.map(neutralise), ...rows.map((r) => r.map(cell))], { record_delimiter: '\r\n' });
}
