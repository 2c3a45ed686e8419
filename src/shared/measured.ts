/**
 * Measured criteria (docs/product.md#measured-criteria, ADR 0030): a test stores what was measured
 * (a time, a height, shots made) and a points rule turns it into the 1–10 points every other figure
 * already uses, so `s/10 × weight` stays the only percentage rule. Owned by scoring.ts, which
 * re-exports it: this is part of the one scoring module.
 */
import { SCALE_MAX, SCALE_MIN } from './constants.js';
import { betweenPlayerSd, progressBetween, smallestWorthwhileChange, type Progress } from './progress.js';

export const MEASURE_UNITS = ['s', 'cm', 'm', 'kg', 'count', 'made_of_attempts'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];
/** What follows a value on screen ("11.04 s"); a count has none, made-of-attempts shows a share made. */
export const UNIT_SUFFIX: Record<MeasureUnit, string> = { s: 's', cm: 'cm', m: 'm', kg: 'kg', count: '', made_of_attempts: '%' };
/** A column heading's unit ("Lane agility (s)"): a count says so, made-of-attempts is the share made. */
export const UNIT_HEADINGS: Record<MeasureUnit, string> = {
  s: 's',
  cm: 'cm',
  m: 'm',
  kg: 'kg',
  count: 'count',
  made_of_attempts: '% made',
};
export const UNIT_LABELS: Record<MeasureUnit, string> = {
  s: 'Seconds (s)',
  cm: 'Centimetres (cm)',
  m: 'Metres (m)',
  kg: 'Kilograms (kg)',
  count: 'Count',
  made_of_attempts: 'Made of attempts (e.g. 7/10)',
};

export const DIRECTIONS = ['higher', 'lower'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<Direction, string> = { higher: 'Higher is better', lower: 'Lower is better' };

export const ATTEMPT_MODES = ['single', 'best', 'mean'] as const;
export type AttemptMode = (typeof ATTEMPT_MODES)[number];

export const MAX_DECIMALS = 3;
export const MAX_ATTEMPTS = 10;
/** Percentiles need this many measured players of the age group; below it the bands apply. */
export const PERCENTILE_MIN_PLAYERS = 20;

export interface MeasureDefinition {
  unit: MeasureUnit;
  decimals: number;
  direction: Direction;
  min: number;
  max: number;
  attempts: AttemptMode;
  /** N of "best of N" / "mean of N"; 1 for a single value. */
  attemptCount: number;
}

/** One attempt: a number in the unit, or shots made out of shots taken. */
export type Attempt = number | { made: number; attempts: number };

/** A value earns `points` when it is at least as good as `limit` (≤ for lower-is-better, ≥ otherwise). */
export interface Band {
  points: number;
  limit: number;
}
/** Bands for one age group ("U14"), or for every age (null) where no group has its own. */
export interface BandSet {
  ageGroup: string | null;
  bands: Band[];
}
export type RuleMethod = 'bands' | 'percentile';
export interface PointsRule {
  method: RuleMethod;
  bandSets: BandSet[];
}

/** How a value got its points: shown beside them ("U14 bands"). */
export interface PointsBasis {
  method: RuleMethod;
  ageGroup: string | null;
  /** Percentiles were asked for but too few players of the age group are measured: the bands applied. */
  fallback: boolean;
}

export const roundTo = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

const better = (direction: Direction, a: number, b: number): boolean => (direction === 'lower' ? a < b : a > b);

/** An attempt in the unit the rule reads: made-of-attempts becomes the share made, in percent. */
export function attemptValue(attempt: Attempt): number {
  if (typeof attempt === 'number') return attempt;
  return attempt.attempts > 0 ? (attempt.made / attempt.attempts) * 100 : 0;
}

/** The value kept for a player's attempts: the best or the mean of them, or the one value; rounded to the test's decimals. */
export function combineAttempts(def: Pick<MeasureDefinition, 'attempts' | 'direction' | 'decimals'>, attempts: readonly Attempt[]): number {
  const values = attempts.map(attemptValue);
  if (values.length === 0) throw new Error('combineAttempts needs at least one attempt');
  let value: number;
  if (def.attempts === 'mean') value = values.reduce((a, b) => a + b, 0) / values.length;
  else if (def.attempts === 'best') value = values.reduce((a, b) => (better(def.direction, b, a) ? b : a));
  else value = values[0]!;
  return roundTo(value, def.decimals);
}

/** "11.04 s", "42 cm", "12", "7/10"; made-of-attempts shows the made and taken totals when known. */
export function formatMeasure(def: Pick<MeasureDefinition, 'unit' | 'decimals'>, value: number, attempts?: readonly Attempt[]): string {
  if (def.unit === 'made_of_attempts') {
    const pairs = (attempts ?? []).filter((a): a is { made: number; attempts: number } => typeof a !== 'number');
    if (pairs.length === 1) return `${pairs[0]!.made}/${pairs[0]!.attempts}`;
    return `${roundTo(value, def.decimals)} % made`;
  }
  const text = roundTo(value, def.decimals).toFixed(def.decimals);
  return UNIT_SUFFIX[def.unit] ? `${text} ${UNIT_SUFFIX[def.unit]}` : text;
}

const rangeText = (def: MeasureDefinition): string =>
  def.unit === 'made_of_attempts'
    ? 'made between 0 and the shots taken'
    : `${def.min}–${def.max}${UNIT_SUFFIX[def.unit] ? ` ${UNIT_SUFFIX[def.unit]}` : ''}`;

/** Why these attempts cannot be kept for a test named `name`, or null: count, range and made-of-attempts shape. */
export function attemptsProblem(def: MeasureDefinition, name: string, attempts: readonly Attempt[]): string | null {
  if (attempts.length === 0) return `Enter the ${name} measurement.`;
  if (attempts.length > def.attemptCount) {
    return def.attemptCount === 1
      ? `${name} takes a single value; ${attempts.length} attempts were entered.`
      : `${name} takes at most ${def.attemptCount} attempts; ${attempts.length} were entered.`;
  }
  for (const a of attempts) {
    if (def.unit === 'made_of_attempts') {
      if (typeof a === 'number') return `${name} is entered as shots made out of shots taken, like 7/10.`;
      if (!Number.isInteger(a.made) || !Number.isInteger(a.attempts) || a.attempts < 1 || a.made < 0 || a.made > a.attempts)
        return `${a.made}/${a.attempts} is not a valid ${name}: made must be a whole number between 0 and the shots taken.`;
      if (a.attempts > def.max) return `${name} takes at most ${def.max} shots per attempt; ${a.attempts} were entered.`;
      continue;
    }
    if (typeof a !== 'number' || !Number.isFinite(a)) return `Enter the ${name} as a number.`;
    if (def.unit === 'count' && !Number.isInteger(a)) return `${name} is a count: enter a whole number.`;
    if (a < def.min || a > def.max) {
      return `A ${name} of ${formatMeasure(def, a)} is outside this test's range (${rangeText(def)}). Check the measurement.`;
    }
  }
  return null;
}

/** The band set that applies to a player of `ageGroup`: that group's own, else the all-ages set, else none. */
export function bandSetFor(rule: PointsRule, ageGroup: string | null): BandSet | null {
  return (
    (ageGroup !== null ? rule.bandSets.find((s) => s.ageGroup === ageGroup) : undefined) ??
    rule.bandSets.find((s) => s.ageGroup === null) ??
    null
  );
}

/** The most points whose limit the value meets; 1 when it meets none. */
export function bandPoints(direction: Direction, bands: readonly Band[], value: number): number {
  let points = SCALE_MIN;
  for (const b of bands) {
    const meets = direction === 'lower' ? value <= b.limit : value >= b.limit;
    if (meets && b.points > points) points = b.points;
  }
  return points;
}

/**
 * The share of the group the value is better than, counting equal values as half (the mid-rank
 * percentile, 0–1). `group` holds the age group's current values, the player's own included.
 */
export function percentileRank(direction: Direction, value: number, group: readonly number[]): number {
  if (group.length === 0) return 0;
  let worse = 0;
  let equal = 0;
  for (const g of group) {
    if (g === value) equal += 1;
    else if (better(direction, value, g)) worse += 1;
  }
  return (worse + equal / 2) / group.length;
}

/**
 * The player's own standing in their age group as a whole percent ("better than 70 % of U14 players"),
 * only when at least PERCENTILE_MIN_PLAYERS of the group are measured (`group` includes the player's value).
 */
export function ownPercentile(
  direction: Direction,
  value: number,
  ageGroup: string | null,
  group: readonly number[],
): { percent: number; ageGroup: string } | null {
  if (ageGroup === null || group.length < PERCENTILE_MIN_PLAYERS) return null;
  return { percent: Math.round(percentileRank(direction, value, group) * 100), ageGroup };
}

/** 1–10 points from a percentile: each tenth of the group is one point (better than 90 % → 10). */
export function percentilePoints(rank: number): number {
  return Math.min(SCALE_MAX, Math.max(SCALE_MIN, 1 + Math.floor(rank * 10)));
}

export type PointsResult = { points: number; basis: PointsBasis; percentile?: number } | { error: string };

/**
 * Points for a value of a player of `ageGroup`. Percentiles apply when the rule asks for them and at
 * least PERCENTILE_MIN_PLAYERS of the age group are measured (`groupValues`); else the bands do.
 */
export function pointsFor(
  def: Pick<MeasureDefinition, 'direction'>,
  rule: PointsRule,
  value: number,
  ageGroup: string | null,
  groupValues: readonly number[] = [],
  name = 'This test',
): PointsResult {
  if (rule.method === 'percentile' && ageGroup !== null && groupValues.length >= PERCENTILE_MIN_PLAYERS) {
    const percentile = percentileRank(def.direction, value, groupValues);
    return { points: percentilePoints(percentile), basis: { method: 'percentile', ageGroup, fallback: false }, percentile };
  }
  const set = bandSetFor(rule, ageGroup);
  if (!set) {
    return {
      error: `${name} has no bands for ${ageGroup ?? 'players without a birth year'}. Add bands for that age group or for all ages.`,
    };
  }
  return {
    points: bandPoints(def.direction, set.bands, value),
    basis: { method: 'bands', ageGroup: set.ageGroup, fallback: rule.method === 'percentile' },
  };
}

/** "U14 bands", "all-ages bands", "U14 percentiles", "U14 bands (fewer than 20 U14 players measured)". */
export function basisLabel(basis: PointsBasis, playerGroup: string | null = basis.ageGroup): string {
  const who = basis.ageGroup ?? 'all-ages';
  if (basis.method === 'percentile') return `${who} percentiles`;
  if (!basis.fallback) return `${who} bands`;
  return `${who} bands (fewer than ${PERCENTILE_MIN_PLAYERS} ${playerGroup ?? ''} players measured)`.replace('  ', ' ');
}

/** "11.04 s → 9 points, U14 bands". */
export function measuredLabel(
  def: Pick<MeasureDefinition, 'unit' | 'decimals'>,
  value: number,
  points: number,
  basis: string,
  attempts?: readonly Attempt[],
): string {
  return `${formatMeasure(def, value, attempts)} → ${points} ${points === 1 ? 'point' : 'points'}, ${basis}`;
}

/** Why a test's definition cannot be kept, with the field to point at; null when it can. */
export function definitionProblem(def: MeasureDefinition): { field: string; message: string } | null {
  if (!MEASURE_UNITS.includes(def.unit)) return { field: 'unit', message: 'Choose a unit: s, cm, m, kg, count or made of attempts.' };
  if (!DIRECTIONS.includes(def.direction)) return { field: 'direction', message: 'Choose whether a higher or a lower value is better.' };
  if (!ATTEMPT_MODES.includes(def.attempts))
    return { field: 'attempts', message: 'Choose how attempts combine: best of N, mean of N or a single value.' };
  if (!Number.isInteger(def.decimals) || def.decimals < 0 || def.decimals > MAX_DECIMALS)
    return { field: 'decimals', message: `Decimals must be a whole number from 0 to ${MAX_DECIMALS}.` };
  if (!Number.isInteger(def.attemptCount) || def.attemptCount < 1 || def.attemptCount > MAX_ATTEMPTS)
    return { field: 'attemptCount', message: `The number of attempts must be from 1 to ${MAX_ATTEMPTS}.` };
  if (def.attempts === 'single' && def.attemptCount !== 1)
    return { field: 'attemptCount', message: 'A single value takes exactly 1 attempt.' };
  if (!Number.isFinite(def.min) || !Number.isFinite(def.max) || def.min < 0 || def.min >= def.max)
    return { field: 'min', message: 'The valid range needs a lowest value of 0 or more below the highest value.' };
  return null;
}

const GROUP_LABEL = /^U\d{1,2}$/;

/** Why a points rule cannot be kept for this test, with the field to point at; null when it can. */
export function ruleProblem(def: MeasureDefinition, rule: PointsRule): { field: string; message: string } | null {
  if (rule.method !== 'bands' && rule.method !== 'percentile') return { field: 'rule.method', message: 'Choose bands or percentiles.' };
  if (rule.bandSets.length === 0)
    return { field: 'rule.bandSets', message: 'Write at least one set of bands (they also apply when percentiles cannot).' };
  const seen = new Set<string>();
  for (const [i, set] of rule.bandSets.entries()) {
    const key = set.ageGroup ?? '';
    const at = `rule.bandSets.${i}`;
    if (set.ageGroup !== null && !GROUP_LABEL.test(set.ageGroup))
      return { field: `${at}.ageGroup`, message: 'Write an age group like U14, or leave it empty for all ages.' };
    if (seen.has(key)) return { field: `${at}.ageGroup`, message: `The bands for ${set.ageGroup ?? 'all ages'} are written twice.` };
    seen.add(key);
    if (set.bands.length === 0) return { field: `${at}.bands`, message: 'Write at least one band.' };
    const sorted = [...set.bands].sort((a, b) => b.points - a.points);
    for (const [j, b] of sorted.entries()) {
      if (!Number.isInteger(b.points) || b.points < SCALE_MIN || b.points > SCALE_MAX)
        return { field: `${at}.bands`, message: 'Points in a band are a whole number from 1 to 10.' };
      if (!Number.isFinite(b.limit)) return { field: `${at}.bands`, message: 'Every band needs a limit.' };
      const prev = sorted[j - 1];
      if (prev && prev.points === b.points) return { field: `${at}.bands`, message: `${b.points} points are given twice.` };
      if (prev && !better(def.direction, prev.limit, b.limit)) {
        const word = def.direction === 'lower' ? 'smaller' : 'larger';
        return {
          field: `${at}.bands`,
          message: `With ${DIRECTION_LABELS[def.direction].toLowerCase()}, more points need a ${word} limit: ${prev.points} points at ${prev.limit} and ${b.points} points at ${b.limit} are the wrong way round.`,
        };
      }
    }
  }
  return null;
}

export interface MeasuredEntry {
  id: number;
  value: number;
  ageGroup: string | null;
}

/**
 * Points for every current measurement of one test at once (a rule change, or a percentile rule after
 * any new value): each value is read against its age group's values. Entries no band covers get an error.
 */
export function scoreAll(
  def: MeasureDefinition,
  rule: PointsRule,
  entries: readonly MeasuredEntry[],
  name?: string,
): Map<number, PointsResult> {
  const byGroup = new Map<string, number[]>();
  for (const e of entries) {
    if (e.ageGroup === null) continue;
    const list = byGroup.get(e.ageGroup) ?? [];
    list.push(e.value);
    byGroup.set(e.ageGroup, list);
  }
  return new Map(
    entries.map((e) => [e.id, pointsFor(def, rule, e.value, e.ageGroup, e.ageGroup === null ? [] : byGroup.get(e.ageGroup)!, name)]),
  );
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * Attempts typed as text ("11.04 s", "11.2; 10.9", "7/10", "7 of 10"): attempts are separated by ";",
 * a decimal comma is read as a point, and a unit, when written, must be the test's.
 */
export function parseAttempts(def: MeasureDefinition, name: string, text: string): { attempts: Attempt[] } | { error: string } {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const attempts: Attempt[] = [];
  for (const part of parts) {
    if (def.unit === 'made_of_attempts') {
      const m = /^(\d+)\s*(?:\/|of)\s*(\d+)$/i.exec(part);
      if (!m) return { error: `${name} is entered as shots made out of shots taken, like 7/10; "${part}" cannot be read.` };
      attempts.push({ made: Number(m[1]), attempts: Number(m[2]) });
      continue;
    }
    const m = /^(\S+?)\s*([a-z%]*)$/i.exec(part);
    const [num, unit] = m ? [m[1]!, m[2]!.toLowerCase()] : ['', ''];
    if (!NUMBER.test(num)) return { error: `Enter the ${name} as a number; "${part}" cannot be read.` };
    if (unit !== '' && unit !== UNIT_SUFFIX[def.unit]) {
      return { error: `${name} is measured in ${UNIT_SUFFIX[def.unit] || 'a plain count'}; "${part}" is in ${unit}.` };
    }
    attempts.push(Number(num.replace(',', '.')));
  }
  return { attempts };
}

/*
 * Real change on a measured test (docs/product.md#measured-criteria): the smallest worthwhile change is
 * the typical error of the measurement, read from players' repeated attempts; a change smaller than
 * the noise of measuring twice is no clear change.
 */

/**
 * The typical error from repeated attempts: the pooled within-player SD, √(Σᵢ Σⱼ (xᵢⱼ − x̄ᵢ)² / Σᵢ (nᵢ − 1)).
 * Only players with at least two attempts count; null when none has (no repeat to read the noise from).
 * With two attempts each it is the SD of the differences / √2.
 */
export function typicalError(attemptSets: readonly (readonly number[])[]): number | null {
  let ss = 0;
  let df = 0;
  for (const set of attemptSets) {
    if (set.length < 2) continue;
    const mean = set.reduce((a, b) => a + b, 0) / set.length;
    ss += set.reduce((a, b) => a + (b - mean) ** 2, 0);
    df += set.length - 1;
  }
  return df === 0 ? null : Math.sqrt(ss / df);
}

/**
 * A measured test's smallest worthwhile change: its typical error where repeated attempts exist, else
 * the rule every criterion has (0.2 × the between-player SD of the current values, progress.ts).
 */
export function measuredSwc(attemptSets: readonly (readonly number[])[], currentValues: readonly number[]): number | null {
  return typicalError(attemptSets) ?? smallestWorthwhileChange(betweenPlayerSd(currentValues));
}

/** Improved / no clear change / declined between two values of a test, "improved" in its better direction. */
export function measuredProgress(direction: Direction, before: number, after: number, swc: number | null): Progress {
  return direction === 'lower' ? progressBetween(-before, -after, swc) : progressBetween(before, after, swc);
}
