/** docs/product.md#scoring business constants, one place for server, client and tests. */
export const HIGHLIGHT_MS = 5000;
export const FILTER_SPINNER_MS = 2000;
export const NOTE_PREVIEW_CHARS = 300;
export const LINK_PREVIEW_DESCRIPTION_CHARS = 50;
export const DOB_MIN_YEAR = 1995;
export const DOB_MAX_YEAR = 2025;
export const SCALE_MIN = 1;
export const SCALE_MAX = 10;
export const EVALUATION_MODAL_ITEMS = 5;
export const DASHBOARD_EVALUATIONS = 5;
export const DEFAULT_PERIOD_FROM = '1970-01-01';
export const DEFAULT_PERIOD_TO = '2999-12-31';
export const LEADERBOARD_PAGE_SIZE = 50;
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** docs/product.md#importing: what the import wizard reads of one file (CSV or the first sheet of a workbook). */
export const MAX_IMPORT_ROWS = 50_000;
export const MAX_IMPORT_COLUMNS = 200;
export const MAX_IMPORT_CELLS = 2_000_000;

export const CSV_TEMPLATES = {
  teams: ['Name', 'CoachEmail'],
  players: ['FirstName', 'LastName', 'Email', 'Dob', 'PlayerEmail'],
  evaluation: ['PlayerFirstName', 'PlayerLastName', 'ParentEmail', 'Level', 'Criteria', 'Score', 'Notes', 'Video'],
  export: ['FirstName', 'LastName', 'Email', 'Score'],
  users: ['FirstName', 'LastName', 'Email'],
} as const;

/** docs/product.md#validation: every bulk file is named *.csv and typed text/csv or application/vnd.ms-excel (Excel on Windows). */
export const CSV_MIME_TYPES: readonly string[] = ['text/csv', 'application/vnd.ms-excel'];

export function isCsvFile(name: string, type: string): boolean {
  const mime = type.split(';')[0]!.trim().toLowerCase();
  return name.toLowerCase().endsWith('.csv') && CSV_MIME_TYPES.includes(mime);
}
