// The workbook reader's thread (read-xlsx.ts starts it with a heap limit and a time limit). Plain
// JavaScript: worker threads get no TypeScript loader, and tsx would add about half a second to each.
import { parentPort, workerData } from 'node:worker_threads';
import { readSheet } from 'read-excel-file/universal';
import { storedZip, unpackEntry, ZipRefusal, zipEntries } from '../../lib/zip.mjs';
import { sheetExtent } from './sheet-extent.mjs';

/** @typedef {{ maxEntries: number, maxUnpackedBytes: number, maxRows: number, maxColumns: number, maxCells: number, maxTextChars: number }} Limits */

/** What read-excel-file reads of a workbook; other entries (images, printer settings) are never inflated. */
const isXml = (/** @type {string} */ name) => name.endsWith('.xml') || name.endsWith('.xml.rels');

const SHARED_STRING = /<(?:[\w.-]+:)?si[\s/>]/g;
const sharedStringCount = (/** @type {string} */ xml) => {
  let count = 0;
  for (const _ of xml.matchAll(SHARED_STRING)) count++;
  return count;
};

/** @param {unknown} v */
const cellText = (v) => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  return String(v).trim();
};

/**
 * The first sheet's non-empty rows as text, with their row numbers; or why the workbook is refused.
 * Order matters: sizes from the directory, then each entry inflated under its declared size, then the
 * coordinates every sheet names, and only then the library, which builds rows × columns.
 * @param {Uint8Array} bytes
 * @param {Limits} limits
 */
async function read(bytes, limits) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = zipEntries(buf, { ...limits, wanted: isXml });
  const files = entries.map((entry) => ({ name: entry.name, data: unpackEntry(buf, entry) }));
  for (const { data } of files) {
    const xml = data.toString('latin1');
    const { rows, columns } = sheetExtent(xml);
    if (rows > limits.maxRows) return { refused: 'rows' };
    if (columns > limits.maxColumns) return { refused: 'columns' };
    if (rows * columns > limits.maxCells) return { refused: 'cells' };
    // More shared strings than a sheet may have cells cannot be needed; each would be a string in memory.
    if (sharedStringCount(xml) > limits.maxCells) return { refused: 'cells' };
  }
  const zip = storedZip(files);
  files.length = 0;
  /** @type {unknown[][]} */
  let sheet;
  try {
    sheet = await readSheet(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength), 1);
  } catch {
    return { refused: 'invalid' };
  }
  // The scan above reads coordinates as the library does; should they ever differ, the limits still hold.
  if (sheet.length > limits.maxRows) return { refused: 'rows' };
  if (sheet.some((row) => row.length > limits.maxColumns)) return { refused: 'columns' };
  /** @type {string[][]} */
  const records = [];
  /** @type {number[]} */
  const lines = [];
  // One shared string may fill every cell: the text is bounded as a CSV file is, or copying it out
  // of this thread (and storing it) would multiply it.
  let text = 0;
  for (let i = 0; i < sheet.length; i++) {
    const cells = /** @type {unknown[]} */ (sheet[i]).map(cellText);
    for (const c of cells) text += c.length;
    if (text > limits.maxTextChars) return { refused: 'text' };
    if (cells.some((c) => c !== '')) {
      records.push(cells);
      lines.push(i + 1);
    }
  }
  return { records, lines };
}

const { bytes, limits } = workerData;
read(bytes, limits).then(
  (result) => parentPort?.postMessage(result),
  (err) => parentPort?.postMessage({ refused: err instanceof ZipRefusal ? err.reason : 'invalid' }),
);
