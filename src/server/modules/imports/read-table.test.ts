import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../shared/constants.js';
import type { HttpError } from '../../lib/errors.js';
import { deflatedZeros, rowsXml, sharedStrings, textCell, workbook, workbookFiles, zip } from '../../test/xlsx.js';
import { readMessages, readTable, sniffDelimiter } from './read-table.js';
import { tableLimitMessages } from '../../lib/csv-text.js';
import { xlsxMessages } from './read-xlsx.js';

const colName = (i: number): string => (i >= 26 ? colName(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** What csv-parse reads, with the wizard's options: the reference the direct split must equal. */
function reference(text: string, delimiter: string) {
  const records = parse(text, {
    bom: true,
    delimiter,
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const kept = records.filter((r, i) => i === 0 || r.record.some((c) => c !== ''));
  return { headers: kept[0]!.record, rows: kept.slice(1).map((r) => r.record), lines: kept.slice(1).map((r) => r.info.lines) };
}

describe('readTable', () => {
  it('reads a file without quotes exactly as csv-parse does (any delimiter, line ends, blank lines, BOM)', async () => {
    const cell = fc.stringMatching(/^[a-zé ]{0,4}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(',', ';'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 8 }),
        async (delimiter, eol, bom, rows) => {
          const header = ['A', 'B', 'C'].join(delimiter);
          const text = `${bom ? '\uFEFF' : ''}${header}${eol}${rows.map((r) => r.join(delimiter)).join(eol)}`;
          const want = reference(text, delimiter);
          if (!want.rows.length) return;
          expect(await readTable('x.csv', Buffer.from(text))).toEqual(want);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('sniffs semicolons and tabs, ignoring quoted parts', () => {
    expect(sniffDelimiter('a;b;"c,d"\n1;2;3')).toBe(';');
    expect(sniffDelimiter('a\tb\n')).toBe('\t');
    expect(sniffDelimiter('"a;b",c\n')).toBe(',');
  });

  it('reads quoted fields with delimiters and line breaks inside, giving the row number a spreadsheet shows', async () => {
    const t = await readTable('x.csv', Buffer.from('\uFEFFName;Note\n"Smith; Jr";"two\nlines"\n\nAna;ok\n'));
    expect(t).toEqual({
      headers: ['Name', 'Note'],
      rows: [
        ['Smith; Jr', 'two\nlines'],
        ['Ana', 'ok'],
      ],
      lines: [3, 5],
    });
  });
});

/** What a refusal answers: the status and the message. */
async function refusal(name: string, data: Buffer) {
  const started = performance.now();
  const err = await readTable(name, data).then(
    () => null,
    (e: unknown) => e as HttpError,
  );
  return { status: err?.statusCode, message: err?.message, field: err?.field, ms: performance.now() - started };
}

describe('readTable: workbooks under limits', () => {
  it('reads the first sheet of a real workbook: text, numbers, dates, row numbers, empty rows skipped', async () => {
    const xlsx = await (
      await writeXlsxFile(
        [
          ['First name', 'Last name', 'Born'],
          ['Ana', ' Smith ', new Date('2013-02-01')],
          [null, null, null],
          ['Ben', 'Jones', 2014],
        ] as never,
        { dateFormat: 'yyyy-mm-dd' } as never,
      )
    ).toBuffer();
    expect(await readTable('players.xlsx', xlsx)).toEqual({
      headers: ['First name', 'Last name', 'Born'],
      rows: [
        ['Ana', 'Smith', '2013-02-01'],
        ['Ben', 'Jones', '2014'],
      ],
      lines: [2, 4],
    });
  });

  it('reads a hand-built workbook with inline strings and shared strings', async () => {
    const shared = sharedStrings(2, (i) => ['Name', 'Zoë'][i]!);
    const xml = '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3"><v>7</v></c></row>';
    // The library fills each row to the sheet's width.
    expect(await readTable('w.xlsx', workbook(xml, [shared]))).toEqual({ headers: ['Name', ''], rows: [['Zoë', '7']], lines: [3] });
  });

  it('refuses cells beyond the rows and columns limits before any row is built', async () => {
    const sparse = await refusal(
      'sparse.xlsx',
      workbook(`<row r="1">${textCell('A1', 'Name')}</row><row r="1048576">${textCell('XFD1048576', 'x')}</row>`),
    );
    expect(sparse).toMatchObject({ status: 413, message: tableLimitMessages.rows, field: 'file' });
    expect(sparse.ms).toBeLessThan(5_000);
    const wide = await refusal('wide.xlsx', workbook(`<row r="1">${textCell('A1', 'Name')}${textCell('XFD1', 'x')}</row>`));
    expect(wide).toMatchObject({ status: 413, message: tableLimitMessages.columns });
    // Coordinates read as the library reads them: lower-case letters count too, a row as Number(r).
    expect(await refusal('w.xlsx', workbook(`<row r="1">${textCell('zzz1', 'x')}</row>`))).toMatchObject({ status: 413 });
    expect(await refusal('w.xlsx', workbook(`<row r="1e9">${textCell('A1', 'x')}</row>`))).toMatchObject({ status: 413 });
    // As the library's XML parser reads them: character references decoded, a prefixed attribute is its `r`.
    const sheet = (rowR: string, cellR: string, attribute = 'r') =>
      `<row r="1">${textCell('A1', 'Name')}</row><row ${attribute}="${rowR}"><c ${attribute}="${cellR}" t="inlineStr"><is><t>x</t></is></c></row>`;
    for (const [label, data, why] of [
      ['decimal references, far cell', sheet('&#49;048576', '&#88;FD&#49;048576'), 'rows'],
      ['hex references, far cell', sheet('&#x31;048576', '&#X58;FD1048576'), 'rows'],
      ['references, far column', sheet('2', '&#88;FD2'), 'columns'],
      ['prefixed, far cell', sheet('1048576', 'XFD1048576', 'x:r'), 'rows'],
      ['prefixed, far column', sheet('2', 'XFD2', 'ns.1-a:r'), 'columns'],
    ] as const) {
      const res = await refusal('coded.xlsx', workbook(data));
      expect(res, label).toMatchObject({ status: 413, message: tableLimitMessages[why], field: 'file' });
      expect(res.ms, label).toBeLessThan(5_000);
    }
    // A namespace declaration is no coordinate (its URL has digits): real workbooks carry xmlns:r.
    const ns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const declared = `<row r="1" ${ns}>${textCell('A1', 'Name')}</row><row r="2">${textCell('A2', 'Ana')}</row>`;
    expect(await readTable('ns.xlsx', workbook(declared))).toEqual({ headers: ['Name'], rows: [['Ana']], lines: [2] });
    const atLimit = `<row r="1">${textCell('A1', 'Name')}${textCell('GR1', 'last')}</row><row r="${MAX_IMPORT_ROWS}">${textCell('A' + MAX_IMPORT_ROWS, 'x')}</row>`;
    expect(await refusal('cells.xlsx', workbook(atLimit))).toMatchObject({ status: 413, message: tableLimitMessages.cells });
  });

  it('refuses a zip bomb by its directory, and one whose directory lies while inflating', async () => {
    const zeros = await deflatedZeros(300 * 1024 * 1024);
    const payload = { name: 'xl/worksheets/sheet2.xml', data: zeros.data, deflated: zeros };
    const bomb = zip(workbookFiles(rowsXml([['Name'], ['Ana']]), [payload]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal('bomb.xlsx', bomb)).toMatchObject({ status: 413, message: xlsxMessages.size });
    const lying = zip(workbookFiles(rowsXml([['Name'], ['Ana']]), [{ ...payload, claimSize: 1000 }]));
    const res = await refusal('lying.xlsx', lying);
    expect(res).toMatchObject({ status: 413, message: xlsxMessages.size });
    expect(res.ms).toBeLessThan(5_000);
  });

  it('refuses shared strings bombs: more strings than cells, and one string filling every cell', async () => {
    const many = sharedStrings(MAX_IMPORT_CELLS + 1, () => 'a');
    const manyRes = await refusal('many.xlsx', workbook(rowsXml([['Name'], ['Ana']]), [many]));
    expect(manyRes).toMatchObject({ status: 413, message: tableLimitMessages.cells });
    expect(manyRes.ms).toBeLessThan(5_000);
    const long = sharedStrings(1, () => 'x'.repeat(200_000));
    const row = (r: number) =>
      `<row r="${r}">${Array.from({ length: 150 }, (_, c) => `<c r="${colName(c)}${r}" t="s"><v>0</v></c>`).join('')}</row>`;
    const fill = Array.from({ length: 10 }, (_, i) => row(i + 1)).join('');
    const longRes = await refusal('long.xlsx', workbook(fill, [long]));
    expect(longRes).toMatchObject({ status: 413, message: xlsxMessages.text });
    expect(longRes.ms).toBeLessThan(5_000);
  });

  it('refuses what is not a workbook with a 400', async () => {
    for (const data of [Buffer.from('PK\u0003\u0004 not a zip'), zip([{ name: 'a.txt', data: 'hello' }]), Buffer.from('just text')]) {
      expect(await refusal('x.xlsx', data)).toMatchObject({ status: 400, message: readMessages.xlsx });
    }
  });
});

describe('readTable: CSV files under limits', () => {
  const MB20 = 20 * 1024 * 1024 - 64;
  it('refuses files of many rows, many columns or many cells in well under a second, quoted or not', async () => {
    for (const [label, text, why] of [
      ['line breaks', 'a,b\n' + 'x,y\n'.repeat(MB20 / 4), 'rows'],
      ['blank lines', 'a,b\n' + '\n'.repeat(MB20) + 'x,y\n', 'rows'],
      ['commas', 'a,b\nx' + ','.repeat(MB20), 'columns'],
      ['quoted commas', 'a,"b"\nx' + ','.repeat(MB20), 'columns'],
      ['cells', 'a\n' + `${'x,'.repeat(99)}x\n`.repeat(20_001), 'cells'],
    ] as const) {
      const res = await refusal('x.csv', Buffer.from(text));
      expect(res, label).toMatchObject({ status: 413, message: tableLimitMessages[why], field: 'file' });
      expect(res.ms, label).toBeLessThan(2_000);
    }
  });

  it('reads a file at the limits', async () => {
    const text = `${Array.from({ length: MAX_IMPORT_COLUMNS }, (_, i) => `c${i}`).join(',')}\n` + 'x\n'.repeat(MAX_IMPORT_ROWS - 1);
    const t = await readTable('x.csv', Buffer.from(text));
    expect(t.headers).toHaveLength(MAX_IMPORT_COLUMNS);
    expect(t.rows).toHaveLength(MAX_IMPORT_ROWS - 1);
    expect(t.lines.at(-1)).toBe(MAX_IMPORT_ROWS);
  });
});
