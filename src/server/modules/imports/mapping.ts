import type { ImportField, ImportMapping } from '../../../shared/schemas/import.js';

/** Names compared folded: case, accents, spaces, dashes, dots and underscores do not count. */
export const foldHeader = (h: string): string =>
  h
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Each field without a column (all of them, or those `start` leaves empty) gets the first unused
 * column whose header is one of its synonyms.
 */
export function suggestMapping(fields: readonly ImportField[], headers: readonly string[], start: ImportMapping = {}): ImportMapping {
  const folded = headers.map(foldHeader);
  const used = new Set<number>(Object.values(start).filter((v): v is number => typeof v === 'number'));
  const mapping: ImportMapping = { ...start };
  for (const f of fields) {
    if (typeof mapping[f.key] === 'number') continue;
    const at = folded.findIndex((h, i) => !used.has(i) && (h === foldHeader(f.key) || h === foldHeader(f.label) || f.synonyms.includes(h)));
    mapping[f.key] = at >= 0 ? at : null;
    if (at >= 0) used.add(at);
  }
  return mapping;
}

/** What is remembered: each field's header name (folded), so a file with its columns in another order maps the same. */
export function rememberedForm(mapping: ImportMapping, headers: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(mapping).map(([k, at]) => [k, at === null || at === undefined ? null : foldHeader(headers[at] ?? '')]),
  );
}

/** The remembered mapping applied to a file's headers, or null when one of its columns is not in the file. */
export function applyRemembered(
  fields: readonly ImportField[],
  remembered: Record<string, string | null>,
  headers: readonly string[],
): ImportMapping | null {
  const folded = headers.map(foldHeader);
  const mapping: ImportMapping = {};
  for (const f of fields) {
    const name = remembered[f.key];
    if (name === undefined) return null;
    if (name === null) {
      mapping[f.key] = null;
      continue;
    }
    const at = folded.indexOf(name);
    if (at < 0) return null;
    mapping[f.key] = at;
  }
  return mapping;
}

/** Problems of a mapping in plain words: a required field without a column, one column for two fields. */
export function mappingProblems(fields: readonly ImportField[], mapping: ImportMapping, columns: number): string[] {
  const problems: string[] = [];
  const seen = new Map<number, string>();
  for (const f of fields) {
    const at = mapping[f.key];
    if (at === null || at === undefined) {
      if (f.required) problems.push(`Choose the column that holds “${f.label}”.`);
      continue;
    }
    if (at >= columns) problems.push(`“${f.label}” points to a column the file does not have.`);
    const other = seen.get(at);
    if (other) problems.push(`“${other}” and “${f.label}” cannot both read the same column.`);
    seen.set(at, f.label);
  }
  return problems;
}
