import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonTextOf, objectText } from './json-text.js';

const row = z.object({ id: z.number(), name: z.string() });

describe('jsonTextOf', () => {
  it('validates once per object and strips what the schema does not name', () => {
    let shaped = 0;
    const text = jsonTextOf(z.array(row), (rows: { id: number; name: string; secret?: string }[]) => (shaped++, rows));
    const rows = [{ id: 1, name: 'Ann', secret: 'x' }];
    expect(text(rows)).toBe('[{"id":1,"name":"Ann"}]');
    expect(text(rows)).toBe('[{"id":1,"name":"Ann"}]');
    expect(shaped).toBe(1);
    expect(text([...rows])).toBe('[{"id":1,"name":"Ann"}]');
    expect(shaped).toBe(2);
  });

  it('refuses a value its schema refuses', () => {
    const text = jsonTextOf(z.array(row));
    expect(() => text([{ id: 'one' }])).toThrow();
  });
});

describe('objectText', () => {
  it('splices text beside the fields as valid JSON', () => {
    expect(JSON.parse(objectText({ rows: '[1,2]' }, { total: 2, team: null }))).toEqual({ rows: [1, 2], total: 2, team: null });
    expect(JSON.parse(objectText({ rows: '[]' }, {}))).toEqual({ rows: [] });
  });
});
