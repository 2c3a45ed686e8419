/** Longest value shown in a summary; the trail keeps what changed, not whole notes. */
const MAX_VALUE = 120;

/** null, '' and [] all read as nothing; lists as 'a, b'. */
function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function shown(value: unknown, plain: boolean): string {
  const t = text(value);
  if (t === null) return '(none)';
  const cut = t.length > MAX_VALUE ? `${t.slice(0, MAX_VALUE - 1)}…` : t;
  return plain || typeof value === 'number' ? cut : `'${cut}'`;
}

/**
 * The "before → after" audit summary of an edit, shared by every module: each listed field that
 * changed as `field before → after` ("title 'A' → 'B'; tags 'x' → 'x, y'"), or 'no changes'.
 * Text and lists are quoted; `plain` fields (levels, on/off, statuses) are not.
 */
export function describeChanges<K extends string>(
  before: Record<K, unknown>,
  after: Record<K, unknown>,
  fields: readonly K[],
  plain: readonly K[] = [],
): string {
  const changes: string[] = [];
  for (const f of fields) {
    if (text(before[f]) === text(after[f])) continue;
    changes.push(`${f} ${shown(before[f], plain.includes(f))} → ${shown(after[f], plain.includes(f))}`);
  }
  return changes.length ? changes.join('; ') : 'no changes';
}
