import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTable, sniffDelimiter } from './read-table.js';

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
