import type { Measure } from '../../shared/schemas/criterion';
import {
  attemptsProblem,
  basisLabel,
  combineAttempts,
  formatMeasure,
  measuredLabel,
  parseAttempts,
  pointsFor,
  type Attempt,
} from '../../shared/scoring';

/**
 * Reads the attempt fields of a measured test as typed ('' = not taken) with the scoring module's own
 * parser and checks, so the sheet and the form refuse what the server would.
 */
export function readAttempts(def: Measure, name: string, typed: readonly string[]): { attempts: Attempt[] } | { error: string } {
  const attempts: Attempt[] = [];
  for (const t of typed) {
    if (t.trim() === '') continue;
    const parsed = parseAttempts(def, name, t);
    if ('error' in parsed) return parsed;
    attempts.push(...parsed.attempts);
  }
  if (attempts.length === 0) return { attempts };
  const problem = attemptsProblem(def, name, attempts);
  return problem ? { error: problem } : { attempts };
}

/** An attempt as its field shows it: "11.04", "7/10". */
export const attemptText = (a: Attempt): string => (typeof a === 'number' ? String(a) : `${a.made}/${a.attempts}`);

/** How the attempts combine, in words: "best of 2", "mean of 3", "single value". */
export const attemptsRule = (def: Measure): string =>
  def.attempts === 'single' ? 'single value' : `${def.attempts === 'best' ? 'best' : 'mean'} of ${def.attemptCount}`;

/**
 * The kept value and, where the device can tell, its points: "11.04 s → 9 points, U14 bands". A
 * percentile rule needs the club's other values, so the server gives those points once the entry syncs
 * (`when`: the form's entry is saved instead).
 */
export function previewLabel(def: Measure, attempts: readonly Attempt[], ageGroup: string | null, when = 'once synced'): string | null {
  if (attempts.length === 0) return null;
  const value = combineAttempts(def, attempts);
  if (def.rule.method === 'percentile') return `${formatMeasure(def, value, attempts)} → points by percentile ${when}`;
  const points = pointsFor(def, def.rule, value, ageGroup);
  if ('error' in points) return `${formatMeasure(def, value, attempts)}: ${points.error}`;
  return measuredLabel(def, value, points.points, basisLabel(points.basis, ageGroup), attempts);
}

/**
 * Whether a stored measurement's attempts, put back in the fields, give its value again. A session's
 * published mean stores the evaluators' values instead (a mean of them, or shares made): re-entered as
 * attempts they would keep another value, so the form leaves the fields empty and keeps it as saved.
 */
export function attemptsGiveValue(def: Measure, name: string, measured: { value: number; attempts: readonly Attempt[] }): boolean {
  const read = readAttempts(def, name, measured.attempts.map(attemptText));
  return !('error' in read) && read.attempts.length > 0 && combineAttempts(def, read.attempts) === measured.value;
}
