import { Worker } from 'node:worker_threads';
import { MAX_CSV_BYTES, MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../shared/constants.js';
import { tableLimitMessages } from '../../lib/csv-text.js';
import { HttpError, badRequest } from '../../lib/errors.js';
import { ZipRefusal, zipEntries } from '../../lib/zip.mjs';

/**
 * A workbook is a zip that may unpack to gigabytes, and read-excel-file builds every sheet as a dense
 * rows × columns array (docs/decisions/0021-imports.md, "Untrusted files"). So a workbook is read
 * under limits: its zip directory here (cheap: no byte is inflated), then everything else in a worker
 * thread with a heap limit and a time limit, killed when it passes either.
 */
export const XLSX_LIMITS = {
  maxEntries: 1_000,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxRows: MAX_IMPORT_ROWS,
  maxColumns: MAX_IMPORT_COLUMNS,
  maxCells: MAX_IMPORT_CELLS,
  /** A workbook's cells hold at most as much text as a CSV file may. */
  maxTextChars: MAX_CSV_BYTES,
  heapMb: 192,
  timeMs: 15_000,
};

export const xlsxMessages = {
  invalid: 'The workbook could not be read. Save it again as .xlsx (Excel Workbook) and upload it again.',
  size: `The workbook unpacks to more than ${XLSX_LIMITS.maxUnpackedBytes / 1024 / 1024} MB. Keep only the sheet to import (or save it as CSV) and upload it again.`,
  text: `The workbook's cells hold more than ${MAX_CSV_BYTES / 1024 / 1024} MB of text. Keep only the sheet to import (or save it as CSV) and upload it again.`,
  heavy: 'The workbook is too large to read. Keep only the sheet to import (or save it as CSV) and upload it again.',
} as const;

const refusals = { ...tableLimitMessages, ...xlsxMessages };
type Refusal = keyof typeof refusals;
type Outcome = { records: string[][]; lines: number[] } | { refused: Refusal };

/** A file that is not a workbook is a 400; one too large to read, a 413. */
const refuse = (why: Refusal) => (why === 'invalid' ? badRequest(refusals.invalid, 'file') : new HttpError(413, refusals[why], 'file'));

const isXml = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/** One workbook at a time: each worker may use its whole heap limit, so two would double the worst case. */
let queue: Promise<unknown> = Promise.resolve();

function inWorker(data: Buffer): Promise<Outcome> {
  const bytes = new Uint8Array(data);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./xlsx.worker.mjs', import.meta.url), {
      workerData: { bytes, limits: XLSX_LIMITS },
      transferList: [bytes.buffer],
      // No tsx loader and no inspector flags: the worker is plain JavaScript.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: XLSX_LIMITS.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    let done = false;
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ refused: 'heavy' }), XLSX_LIMITS.timeMs);
    worker.once('message', (outcome: Outcome) => finish(outcome));
    // ERR_WORKER_OUT_OF_MEMORY and any crash: the file, not the server, is what failed.
    worker.once('error', (err: NodeJS.ErrnoException) =>
      finish({ refused: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'heavy' : 'invalid' }),
    );
    worker.once('exit', () => finish({ refused: 'invalid' }));
  });
}

/** The first sheet's non-empty rows as text (dates as YYYY-MM-DD) with the row numbers the spreadsheet shows. */
export async function readXlsxRows(data: Buffer): Promise<{ records: string[][]; lines: number[] }> {
  try {
    zipEntries(data, { ...XLSX_LIMITS, wanted: isXml });
  } catch (err) {
    throw refuse(err instanceof ZipRefusal ? err.reason : 'invalid');
  }
  const run = queue.then(() => inWorker(data));
  queue = run.catch(() => undefined);
  const outcome = await run;
  if ('refused' in outcome) throw refuse(outcome.refused);
  return outcome;
}
