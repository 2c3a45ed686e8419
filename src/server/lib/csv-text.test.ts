import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvRecords, csvText } from './csv-text.js';

const viaCsvParse = (text: string, trim: boolean) =>
  parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim }) as string[][];

/** Deterministic pseudo-random numbers, so a failure names a text that reproduces. */
function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1664525 + 1013904223) % 4294967296) / 4294967296;
}

describe('csvRecords', () => {
  it('reads quote-free texts exactly as csv-parse: line endings, blank lines, trimming, BOM, ragged rows', () => {
    const alphabet = ['a', 'b', 'é', '😀', ',', ',', ' ', '\t', '\r', '\n', '\r\n', '\f', '\u00a0', '\ufeff', '\u2028'];
    const next = rng(42);
    for (let i = 0; i < 3000; i++) {
      const length = Math.floor(next() * 30);
      const text = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      for (const trim of [true, false]) expect([text, trim, csvRecords(text, trim)]).toEqual([text, trim, viaCsvParse(text, trim)]);
    }
  });

  it('reads a template file and leaves quoted texts to csv-parse', () => {
    const text = '\ufeffFirstName,LastName,Email\r\n Ana , Bulk ,a@example.org\r\n\r\n   \r\nBen,Bulk\r\n';
    expect(csvRecords(text, true)).toEqual([
      ['FirstName', 'LastName', 'Email'],
      ['Ana', 'Bulk', 'a@example.org'],
      ['Ben', 'Bulk'],
    ]);
    expect(csvRecords('a,"b,c"\n"d ""e""",f', true)).toEqual([
      ['a', 'b,c'],
      ['d "e"', 'f'],
    ]);
    expect(() => csvRecords('a,"unclosed\nb', true)).toThrow();
  });

  it('decodes and refuses UTF-8 as a fatal TextDecoder does, dropping one leading BOM', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    const reference = (b: Buffer) => {
      try {
        return decoder.decode(b);
      } catch {
        return 'refused';
      }
    };
    const ours = (b: Buffer) => {
      try {
        return csvText(b);
      } catch {
        return 'refused';
      }
    };
    const pieces = [
      [0x61],
      [0x2c],
      [0x0a],
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x98, 0x80],
      [0xef, 0xbb, 0xbf],
      [0xc3],
      [0xe2, 0x82],
      [0xed, 0xa0, 0x80],
      [0xc0, 0xaf],
      [0xf4, 0x90, 0x80, 0x80],
      [0x80],
      [0xff],
    ];
    const next = rng(7);
    for (let i = 0; i < 3000; i++) {
      const bytes = Buffer.from(Array.from({ length: Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]!).flat());
      if (bytes[0] === 0xff && bytes[1] === 0xfe) continue; // a UTF-16 BOM
      expect([bytes.toString('hex'), ours(bytes)]).toEqual([bytes.toString('hex'), reference(bytes)]);
    }
  });
});
