// Plain JavaScript: the workbook worker (xlsx.worker.mjs) runs it. Types: sheet-extent.d.mts.

/** Any `r="…"` attribute, whatever element carries it; the name must not continue another name. */
const R_ATTRIBUTE = /(?<![\w:.-])r\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * The largest row and column a sheet's XML names, read as read-excel-file reads them: a row's `r` as
 * Number(r), a cell's `r` as its parseCellAddress does (each character before the first digit counts
 * its code minus 64, base 26; then the number). Every `r` attribute in the text counts, whatever
 * element carries it: a scan that missed a tag the reader sees would be a way around the limits,
 * while one that counts too much only refuses a file naming absurd coordinates. `<dimension>` is not
 * trusted either way: the reader ignores it and writers leave it stale.
 * @param {string} xml
 * @returns {{ rows: number, columns: number }}
 */
export function sheetExtent(xml) {
  let rows = 0;
  let columns = 0;
  for (const match of xml.matchAll(R_ATTRIBUTE)) {
    const value = match[1] ?? match[2] ?? '';
    const asNumber = Number(value);
    if (asNumber > rows) rows = asNumber;
    let column = 0;
    let i = 0;
    for (; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code >= 48 && code <= 57) break;
      column = column * 26 + code - 64;
    }
    if (i === value.length) continue;
    const row = Number(value.slice(i));
    if (row > rows) rows = row;
    if (column > columns) columns = column;
  }
  return { rows, columns };
}
