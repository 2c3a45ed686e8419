// Plain JavaScript: the workbook worker (xlsx.worker.mjs) runs it. Types: sheet-extent.d.mts.

/**
 * Any attribute whose local name is `r`, with or without a prefix (the library's XML parser drops an
 * attribute's prefix, so `x:r` is its `r`); the name must not continue another name.
 */
const R_ATTRIBUTE = /(?<![\w.-])r\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The character references the library's parser (saxen) decodes in an attribute value, decoded the same way. */
const REFERENCE = /&#(\d+);|&#x([0-9a-f]+);|&(\w+);/gi;
const NAMED = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };
const decode = (/** @type {string} */ value) =>
  value.includes('&')
    ? value.replace(REFERENCE, (whole, d, x, name) => {
        if (name) return NAMED[/** @type {keyof typeof NAMED} */ (name.toLowerCase())] ?? whole;
        return String.fromCharCode(d ? Number(d) : parseInt(x, 16));
      })
    : value;

/**
 * The largest row and column a sheet's XML names, read as read-excel-file reads them: a value with
 * its character references decoded; a row's `r` as Number(r), a cell's `r` as its parseCellAddress
 * does (each character before the first digit counts its code minus 64, base 26; then the number).
 * Every `r` attribute in the text counts, whatever element carries it: a scan that missed a tag the
 * reader sees would be a way around the limits, while one that counts too much only refuses a file
 * naming absurd coordinates. A namespace declaration (`xmlns:r`, a URL) is not an attribute to the
 * reader. `<dimension>` is not trusted either way: the reader ignores it and writers leave it stale.
 * @param {string} xml
 * @returns {{ rows: number, columns: number }}
 */
export function sheetExtent(xml) {
  let rows = 0;
  let columns = 0;
  for (const match of xml.matchAll(R_ATTRIBUTE)) {
    if (xml.startsWith('xmlns:', match.index - 6)) continue;
    const value = decode(match[1] ?? match[2] ?? '');
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
