import type { Kysely } from 'kysely';
import { attemptValue, measuredSwc, sdFromSums, smallestWorthwhileChange, typicalError, type Attempt } from '../../../shared/scoring.js';
import type { DB } from '../../db/types.js';
import { clubMeasurements, clubSpread, readScoreVersion } from './scores.repository.js';

/**
 * Each criterion's smallest worthwhile change (docs/product.md#goals), shared by goals and the player
 * analysis. The club-wide reads behind it touch every current score of the criterion, too much for
 * every read, and they can only change when the score version moves (every evaluation write moves it,
 * ADR 0006), so they are kept per database and score version.
 */

type Db = Kysely<DB>;

/** A measured test's SWC in its unit, and whether it is the typical error or the between-player fallback. */
export interface MeasuredSwc {
  swc: number | null;
  source: 'typical_error' | 'spread';
}

type Entry = { version: number; points: Map<number, Promise<number | null>>; measured: Map<number, Promise<MeasuredSwc>> };
const caches = new WeakMap<Db, Entry>();

/**
 * Cached values for `ids`, reading the missing ones with `load`. Kept as promises, so requests that
 * arrive together after a write share one read instead of each running it; inside a transaction
 * nothing new is cached.
 */
async function cached<T>(
  db: Db,
  pick: (c: Entry) => Map<number, Promise<T>>,
  ids: readonly number[],
  load: (missing: number[]) => Promise<Map<number, T>>,
): Promise<Map<number, T>> {
  const version = await readScoreVersion(db);
  let entry = caches.get(db);
  if (!entry || entry.version !== version) caches.set(db, (entry = { version, points: new Map(), measured: new Map() }));
  const map = pick(entry);
  const unique = [...new Set(ids)];
  const missing = unique.filter((id) => !map.has(id));
  const found = missing.length ? load(missing) : Promise.resolve(new Map<number, T>());
  // Read inside a transaction the version may be ahead of what others see: cache only what committed reads give.
  if (!db.isTransaction && missing.length) {
    for (const id of missing)
      map.set(
        id,
        found.then((m) => m.get(id)!),
      );
    // A failed read is not kept: the next request tries again.
    found.catch(() => missing.forEach((id) => map.delete(id)));
  }
  const own = await found;
  return new Map(await Promise.all(unique.map(async (id) => [id, own.has(id) ? own.get(id)! : await map.get(id)!] as const)));
}

/** Each criterion's SWC in points from the club's current scores (null: too few to say). */
export function swcByCriterion(db: Db, criterionIds: readonly number[]): Promise<Map<number, number | null>> {
  return cached(
    db,
    (c) => c.points,
    criterionIds,
    async (missing) => {
      const rows = await clubSpread(db, missing);
      const found = new Map<number, number | null>(missing.map((id) => [id, null]));
      for (const r of rows)
        found.set(r.criterion_id, smallestWorthwhileChange(sdFromSums(Number(r.n), Number(r.sum), Number(r.sum_squares))));
      return found;
    },
  );
}

/** Each measured criterion's SWC in its unit: the typical error of the club's repeated attempts, else 0.2 × SD of the values. */
export function measuredSwcByCriterion(db: Db, criterionIds: readonly number[]): Promise<Map<number, MeasuredSwc>> {
  return cached(
    db,
    (c) => c.measured,
    criterionIds,
    async (missing) => {
      const rows = await clubMeasurements(db, missing);
      const sets = new Map<number, { attempts: number[][]; values: number[] }>(missing.map((id) => [id, { attempts: [], values: [] }]));
      for (const r of rows) {
        const s = sets.get(r.criterion_id)!;
        s.values.push(Number(r.measured_value));
        const attempts = r.measured_attempts ? (JSON.parse(r.measured_attempts) as Attempt[]) : [];
        s.attempts.push(attempts.map(attemptValue));
      }
      return new Map(
        [...sets].map(([id, s]) => [
          id,
          { swc: measuredSwc(s.attempts, s.values), source: typicalError(s.attempts) === null ? 'spread' : 'typical_error' } as MeasuredSwc,
        ]),
      );
    },
  );
}
