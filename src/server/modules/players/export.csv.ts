import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheet formula injection: a cell starting with = + - @, tab or CR is run as a formula by
 * Excel/Sheets. A leading apostrophe makes it plain text (OWASP's advice).
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([header.map(neutralise), ...rows.map((r) => r.map(neutralise))], { record_delimiter: '\r\n' });
}
