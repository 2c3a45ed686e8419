/**
 * Fair evaluations (docs/product.md#fair-evaluations, docs/decisions/0027-fair-evaluations.md): how far a
 * session's ranking can be trusted, and what it would be with the evaluators' severity taken out.
 * Pure functions over a session's scores (player × evaluator × criterion), the same `SessionScore` and
 * `SessionCriterion` as `sessionResults`; every percentage and total goes through scoring.ts.
 *
 * Hot paths use typed arrays indexed (criterion · players + player) · evaluators + evaluator, NaN where
 * an evaluator did not score: 500 × 12 × 10 scores with 200 bootstrap rounds stay well under 300 ms.
 */
import { SCALE_MAX, SCALE_MIN } from './constants.js';
import {
  meanPercentage,
  NO,
  rank,
  scaleRange,
  SESSION_MIN_EVALUATORS,
  sessionMean,
  type LevelKind,
  type SessionCriterion,
  type SessionScore,
  YES,
} from './scoring.js';

/* ---------- small pieces, exported for the tests and the screens ---------- */

/** mulberry32: a tiny seeded PRNG in [0, 1), so that a page computed twice shows the same intervals. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Spearman–Brown: the reliability of the mean of k evaluators when one evaluator's is rho. */
export function spearmanBrown(rho: number, k: number): number {
  return (k * rho) / (1 + (k - 1) * rho);
}

/** Spearman–Brown solved for k: how many evaluators' mean reaches `target` (real-valued); null when rho ≤ 0. */
export function evaluatorsFor(rho: number, target: number): number | null {
  if (!(rho > 0) || !(target > 0) || !(target < 1)) return null;
  return (target * (1 - rho)) / (rho * (1 - target));
}

/** The whole number of evaluators whose mean reaches `target` (default 0.8); at least 1, null when rho ≤ 0. */
export function evaluatorsNeeded(rho: number | null, target = 0.8): number | null {
  if (rho === null) return null;
  if (rho >= target) return 1;
  const k = evaluatorsFor(rho, target);
  return k === null ? null : Math.max(1, Math.ceil(k - 1e-9));
}

/**
 * ICC(2,1), Shrout & Fleiss 1979: two-way random effects, absolute agreement, one rater, from a complete
 * n players × k evaluators block (row-major, `values[i * k + j]`). Null when it is undefined (fewer than
 * 2 × 2, or no variation at all).
 */
export function icc21(values: ArrayLike<number>, n: number, k: number): number | null {
  if (n < 2 || k < 2) return null;
  let grand = 0;
  for (let i = 0; i < n * k; i++) grand += values[i]!;
  grand /= n * k;
  let ssr = 0;
  let sst = 0;
  for (let i = 0; i < n; i++) {
    let row = 0;
    for (let j = 0; j < k; j++) {
      const v = values[i * k + j]!;
      row += v;
      sst += (v - grand) * (v - grand);
    }
    ssr += (row / k - grand) ** 2;
  }
  ssr *= k;
  let ssc = 0;
  for (let j = 0; j < k; j++) {
    let col = 0;
    for (let i = 0; i < n; i++) col += values[i * k + j]!;
    ssc += (col / n - grand) ** 2;
  }
  ssc *= n;
  const msr = ssr / (n - 1);
  const msc = ssc / (k - 1);
  const mse = Math.max(0, sst - ssr - ssc) / ((n - 1) * (k - 1));
  const denominator = msr + (k - 1) * mse + (k * (msc - mse)) / n;
  if (!(Math.abs(denominator) > 1e-12)) return null;
  return (msr - mse) / denominator;
}

export type AgreementLevel = 'good' | 'moderate' | 'poor' | 'unknown';

/** The words shared by screens and reports: "Shooting: good agreement (0.81)". */
export const AGREEMENT_WORDS: Record<AgreementLevel, { label: string; advice: string | null }> = {
  good: { label: 'good agreement', advice: null },
  moderate: { label: 'moderate agreement', advice: null },
  poor: { label: 'evaluators disagree', advice: 'consider another look' },
  unknown: { label: 'too few shared players to tell', advice: null },
};
export const GOOD_AGREEMENT = 0.75;
export const MODERATE_AGREEMENT = 0.5;
/** The reliability a mean of evaluators should reach; "evaluators needed" aims at it. */
export const TARGET_RELIABILITY = 0.8;

export interface Verdict {
  level: AgreementLevel;
  icc: number | null;
  label: string;
  advice: string | null;
}

/** ≥ 0.75 good, 0.5–0.75 moderate, < 0.5 evaluators disagree; no ICC: unknown. */
export function verdict(icc: number | null): Verdict {
  const level: AgreementLevel = icc === null ? 'unknown' : icc >= GOOD_AGREEMENT ? 'good' : icc >= MODERATE_AGREEMENT ? 'moderate' : 'poor';
  return { level, icc, ...AGREEMENT_WORDS[level] };
}

/** "Defence: evaluators disagree (0.34): consider another look". */
export function verdictSentence(name: string, v: Verdict): string {
  const figure = v.icc === null ? '' : ` (${v.icc.toFixed(2)})`;
  return `${name}: ${v.label}${figure}${v.advice ? `: ${v.advice}` : ''}`;
}

/** Linear-interpolation quantile of an ascending array (R's type 7). */
function quantile(sorted: ArrayLike<number>, q: number): number {
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/* ---------- connectedness ---------- */

class UnionFind {
  readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[i] !== r) {
      const next = this.parent[i]!;
      this.parent[i] = r;
      i = next;
    }
    return r;
  }
  union(a: number, b: number): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/**
 * Groups of evaluators linked by shared players (two evaluators who scored the same player are linked,
 * and links chain), as evaluator indexes; `label[e]` is e's group, -1 for an evaluator with no score.
 * Largest group first.
 */
function connectedGroups(x: Float64Array, offsets: readonly number[], P: number, E: number): { label: Int32Array; groups: number[][] } {
  const uf = new UnionFind(E);
  const active = new Uint8Array(E);
  for (const o of offsets) {
    for (let p = 0; p < P; p++) {
      let first = -1;
      for (let e = 0; e < E; e++) {
        if (Number.isNaN(x[o + p * E + e]!)) continue;
        active[e] = 1;
        if (first < 0) first = e;
        else uf.union(first, e);
      }
    }
  }
  const byRoot = new Map<number, number[]>();
  for (let e = 0; e < E; e++) {
    if (!active[e]) continue;
    const r = uf.find(e);
    const list = byRoot.get(r) ?? [];
    list.push(e);
    byRoot.set(r, list);
  }
  const groups = [...byRoot.values()].sort((a, b) => b.length - a.length || a[0]! - b[0]!);
  const label = new Int32Array(E).fill(-1);
  groups.forEach((g, i) => g.forEach((e) => (label[e] = i)));
  return { label, groups };
}

/* ---------- the complete block for the ICC ---------- */

/**
 * The largest complete players × evaluators block of a matrix with gaps (NaN): start from every
 * evaluator with a score and the players scored by all of them, then drop, one at a time, the evaluator
 * whose absence completes the most players; keep the block with the most cells (at least 2 × 2). A
 * greedy approximation, exact when every evaluator saw every player.
 */
function completeBlock(x: Float64Array, o: number, P: number, E: number): { players: number[]; evaluators: number[] } {
  let active: number[] = [];
  for (let e = 0; e < E; e++) {
    for (let p = 0; p < P; p++)
      if (!Number.isNaN(x[o + p * E + e]!)) {
        active.push(e);
        break;
      }
  }
  let scored = 0;
  for (let p = 0; p < P; p++) {
    for (const e of active)
      if (!Number.isNaN(x[o + p * E + e]!)) {
        scored++;
        break;
      }
  }
  let best = { players: [] as number[], evaluators: [] as number[] };
  const gain = new Int32Array(E);
  while (active.length >= 2) {
    const players: number[] = [];
    gain.fill(0);
    for (let p = 0; p < P; p++) {
      let missing = 0;
      let missingOne = -1;
      let any = false;
      for (const e of active) {
        if (Number.isNaN(x[o + p * E + e]!)) {
          missing++;
          missingOne = e;
        } else any = true;
      }
      if (missing === 0) players.push(p);
      else if (missing === 1 && any) gain[missingOne]!++;
    }
    if (players.length >= 2 && players.length * active.length > best.players.length * best.evaluators.length) {
      best = { players, evaluators: [...active] };
    }
    if (players.length === scored || active.length === 2) break;
    let drop = active[0]!;
    for (const e of active) if (gain[e]! > gain[drop]!) drop = e;
    active = active.filter((e) => e !== drop);
  }
  return best;
}

function blockIcc(x: Float64Array, o: number, P: number, E: number): { icc: number | null; players: number; evaluators: number } {
  const block = completeBlock(x, o, P, E);
  const [n, k] = [block.players.length, block.evaluators.length];
  const values = new Float64Array(n * k);
  block.players.forEach((p, i) => block.evaluators.forEach((e, j) => (values[i * k + j] = x[o + p * E + e]!)));
  return { icc: icc21(values, n, k), players: n, evaluators: k };
}

/* ---------- the additive model ---------- */

const MAX_ITERATIONS = 2000;
const TOLERANCE = 1e-10;

/**
 * score = player effect + evaluator effect + noise on one criterion, by alternating least squares: the
 * player effect is the mean of the player's scores less their evaluators' effects, an evaluator's effect
 * the mean of their scores less the players' effects, the effects centred to mean 0 over the evaluators
 * of each connected group. Writes `theta` (NaN for an unscored player) and `delta` (0 for an evaluator
 * with no score).
 */
function fitAdditive(
  x: Float64Array,
  o: number,
  P: number,
  E: number,
  label: Int32Array,
  groups: number,
  theta: Float64Array,
  delta: Float64Array,
): void {
  delta.fill(0);
  const groupSum = new Float64Array(groups);
  const groupCount = new Float64Array(groups);
  const next = new Float64Array(E);
  const thetaPass = () => {
    for (let p = 0; p < P; p++) {
      let s = 0;
      let n = 0;
      const row = o + p * E;
      for (let e = 0; e < E; e++) {
        const v = x[row + e]!;
        if (v === v) {
          s += v - delta[e]!;
          n++;
        }
      }
      theta[p] = n ? s / n : NaN;
    }
  };
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    thetaPass();
    groupSum.fill(0);
    groupCount.fill(0);
    for (let e = 0; e < E; e++) {
      if (label[e]! < 0) continue;
      let s = 0;
      let n = 0;
      for (let p = 0; p < P; p++) {
        const v = x[o + p * E + e]!;
        if (v === v) {
          s += v - theta[p]!;
          n++;
        }
      }
      next[e] = n ? s / n : 0;
      groupSum[label[e]!]! += next[e]!;
      groupCount[label[e]!]!++;
    }
    // Compared after centring: a constant moved between players and evaluators is not progress.
    let change = 0;
    for (let e = 0; e < E; e++) {
      if (label[e]! < 0) continue;
      const centred = next[e]! - groupSum[label[e]!]! / groupCount[label[e]!]!;
      change = Math.max(change, Math.abs(centred - delta[e]!));
      delta[e] = centred;
    }
    if (change < TOLERANCE) break;
  }
  thetaPass();
}

/* ---------- a session's fair results ---------- */

export interface FairOptions {
  /** The session's minimum of evaluators: as in sessionResults, only complete players get a total and a rank. */
  minEvaluators?: number;
  /** Bootstrap rounds (default 200) and seed (default 40): the same input always gives the same intervals. */
  rounds?: number;
  seed?: number;
  /** Width of the interval (default 0.9: the 5th to the 95th percentile). */
  level?: number;
  /**
   * Raw means as the session's results take them (`sessionMean`: trimmed from SESSION_TRIM_FROM scores
   * on), so raw totals and ranks are sessionResults' own; default the plain mean. The bootstrap still
   * resamples plain means; the raw interval is widened to contain the trimmed total.
   */
  sessionMeans?: boolean;
}

export const FAIR_ROUNDS = 200;
export const FAIR_SEED = 40;
export const FAIR_LEVEL = 0.9;

/** One evaluator on one criterion, in the criterion's points (1–10, or a share of Yes on Yes/No). */
export interface EvaluatorSeverity {
  evaluatorId: number;
  /** How much higher (+) or lower (−) than the panel on the same players; null without a score. */
  severity: number | null;
  /**
   * The same against the mean of the other evaluators of their group: severity · m / (m − 1) for m
   * evaluators (the severities are centred over all m, the evaluator included); null alone in a group.
   */
  versusOthers: number | null;
  /** SD of their scores around player effect + their severity: how consistent they are beyond the shift. */
  spread: number | null;
  scores: number;
  /** Players they scored that at least one other evaluator scored too (what the severity rests on). */
  sharedPlayers: number;
  /** Index into the criterion's `groups`; -1 without a score. */
  group: number;
}

export interface Reliability {
  /** ICC(2,1) on the largest complete block of players × evaluators (see `block`). */
  icc: number | null;
  block: { players: number; evaluators: number };
  /** Harmonic mean of the number of evaluators each scored player had. */
  meanEvaluators: number | null;
  /** Spearman–Brown: reliability of the mean of `meanEvaluators` evaluators. */
  reliability: number | null;
  /** Evaluators whose mean would reach TARGET_RELIABILITY. */
  evaluatorsNeeded: number | null;
  verdict: Verdict;
}

export interface FairCriterion extends Reliability {
  criterionId: number;
  kind: LevelKind;
  /** Evaluator ids linked by shared players on this criterion; more than one: fitted within each only. */
  groups: number[][];
  evaluators: EvaluatorSeverity[];
}

export interface FairEvaluator {
  evaluatorId: number;
  /** Σ over criteria of the severity as percentage points of the total (scoring.ts's meanPercentage). */
  severity: number;
  /** Σ over criteria of `versusOthers` as percentage points of the total; null where no criterion has one. */
  versusOthers: number | null;
  /** √Σ (spread as percentage points)²: the spread of their totals if the criteria's noise is independent. */
  spread: number;
  sharedPlayers: number;
  group: number;
}

export interface TotalWithRange {
  /** Σ over criteria of the mean's percentage of the session weight; null when incomplete. */
  total: number | null;
  rank: number | null;
  interval: [number, number] | null;
  rankRange: [number, number] | null;
}

export interface FairPlayer {
  playerId: number;
  complete: boolean;
  evaluatorsDone: number;
  /**
   * Per criterion, in the session's order: the mean of the scores (plain, or the session's trimmed mean
   * with `sessionMeans`), and the fair score.
   */
  rawMeans: (number | null)[];
  fairScores: (number | null)[];
  raw: TotalWithRange;
  fair: TotalWithRange;
  /** Places gained on the fair ranking (raw rank − fair rank: +2 is two places higher); null when incomplete. */
  moved: number | null;
}

export interface FairResults {
  connected: boolean;
  /** Evaluator ids linked by shared players on any criterion, largest group first. */
  groups: number[][];
  evaluators: FairEvaluator[];
  criteria: FairCriterion[];
  /** Reliability of the total (each evaluator's own total for the players they scored on every criterion). */
  total: Reliability;
  players: FairPlayer[];
  rounds: number;
  seed: number;
  level: number;
}

function harmonicMean(counts: Int32Array | number[]): number | null {
  let s = 0;
  let n = 0;
  for (const c of counts)
    if (c > 0) {
      s += 1 / c;
      n++;
    }
  return n ? n / s : null;
}

function reliabilityOf(icc: number | null, block: { players: number; evaluators: number }, counts: Int32Array): Reliability {
  const meanEvaluators = harmonicMean(counts);
  return {
    icc,
    block,
    meanEvaluators,
    // No agreement on one evaluator's score (ICC ≤ 0) means none on a mean of several either.
    reliability: icc === null || meanEvaluators === null ? null : icc <= 0 ? 0 : spearmanBrown(icc, meanEvaluators),
    evaluatorsNeeded: evaluatorsNeeded(icc, TARGET_RELIABILITY),
    verdict: verdict(icc),
  };
}

/**
 * Severity, fair scores, reliability and bootstrap intervals of one session's results. Scores of players
 * or criteria not listed are ignored; give only the scores that count (admitted, not excluded
 * evaluators), as sessionResults takes them.
 */
export function fairResults(
  playerIds: readonly number[],
  criteria: readonly SessionCriterion[],
  scores: readonly SessionScore[],
  options: FairOptions = {},
): FairResults {
  const minEvaluators = options.minEvaluators ?? SESSION_MIN_EVALUATORS;
  const rounds = Math.max(1, Math.floor(options.rounds ?? FAIR_ROUNDS));
  const seed = options.seed ?? FAIR_SEED;
  const level = options.level ?? FAIR_LEVEL;
  const [P, C] = [playerIds.length, criteria.length];
  const playerIndex = new Map(playerIds.map((id, i) => [id, i]));
  const criterionIndex = new Map(criteria.map((c, i) => [c.criterionId, i]));
  const listed = scores.filter((s) => playerIndex.has(s.playerId) && criterionIndex.has(s.criterionId));
  const evaluatorIds = [...new Set(listed.map((s) => s.evaluatorId))].sort((a, b) => a - b);
  const evaluatorIndex = new Map(evaluatorIds.map((id, i) => [id, i]));
  const E = evaluatorIds.length;
  const stride = P * E;

  const x = new Float64Array(C * stride).fill(NaN);
  for (const s of listed) {
    x[criterionIndex.get(s.criterionId)! * stride + playerIndex.get(s.playerId)! * E + evaluatorIndex.get(s.evaluatorId)!] = s.score;
  }
  const offsets = criteria.map((_, c) => c * stride);
  const overall = connectedGroups(x, offsets, P, E);
  const toIds = (groups: number[][]) => groups.map((g) => g.map((e) => evaluatorIds[e]!));

  /* Per criterion: groups, the fit, severities, reliability. */
  const theta = new Float64Array(C * P);
  const delta = new Float64Array(C * E);
  const rawMean = new Float64Array(C * P);
  const fairCriteria: FairCriterion[] = [];
  const counts = new Int32Array(P);
  for (let c = 0; c < C; c++) {
    const o = offsets[c]!;
    const { label, groups } = connectedGroups(x, [o], P, E);
    const th = theta.subarray(c * P, (c + 1) * P);
    const de = delta.subarray(c * E, (c + 1) * E);
    fitAdditive(x, o, P, E, label, groups.length, th, de);
    const sq = new Float64Array(E);
    const n = new Int32Array(E);
    const shared = new Int32Array(E);
    for (let p = 0; p < P; p++) {
      let s = 0;
      let k = 0;
      for (let e = 0; e < E; e++) {
        const v = x[o + p * E + e]!;
        if (v !== v) continue;
        s += v;
        k++;
        const r = v - th[p]! - de[e]!;
        sq[e]! += r * r;
        n[e]!++;
      }
      counts[p] = k;
      rawMean[c * P + p] = k ? s / k : NaN;
      if (k >= 2) for (let e = 0; e < E; e++) if (x[o + p * E + e] === x[o + p * E + e]) shared[e]!++;
    }
    const evaluators: EvaluatorSeverity[] = evaluatorIds.map((evaluatorId, e) => ({
      evaluatorId,
      severity: n[e] ? de[e]! : null,
      versusOthers: n[e] && groups[label[e]!]!.length > 1 ? (de[e]! * groups[label[e]!]!.length) / (groups[label[e]!]!.length - 1) : null,
      // Residual degrees of freedom are shared with the player effects; n − 1 is the plain, readable choice.
      spread: n[e]! >= 2 ? Math.sqrt(sq[e]! / (n[e]! - 1)) : null,
      scores: n[e]!,
      sharedPlayers: shared[e]!,
      group: label[e]!,
    }));
    const block = blockIcc(x, o, P, E);
    fairCriteria.push({
      criterionId: criteria[c]!.criterionId,
      kind: criteria[c]!.kind,
      groups: toIds(groups),
      evaluators,
      ...reliabilityOf(block.icc, { players: block.players, evaluators: block.evaluators }, counts),
    });
  }

  /* Each evaluator's own total per player (only where they scored every criterion): the total's ICC. */
  const totals = new Float64Array(stride).fill(NaN);
  const done = new Int32Array(P);
  for (let p = 0; p < P; p++) {
    for (let e = 0; e < E; e++) {
      let t = 0;
      let all = C > 0;
      for (let c = 0; c < C && all; c++) {
        const v = x[offsets[c]! + p * E + e]!;
        if (v !== v) all = false;
        else t += meanPercentage(criteria[c]!.kind, v, criteria[c]!.weight);
      }
      if (all) {
        totals[p * E + e] = t;
        done[p]!++;
      }
    }
  }
  const totalBlock = blockIcc(totals, 0, P, E);
  const total = reliabilityOf(totalBlock.icc, { players: totalBlock.players, evaluators: totalBlock.evaluators }, done);

  /* Evaluators over all criteria. */
  const sharedAny = new Int32Array(E);
  for (let p = 0; p < P; p++) {
    let k = 0;
    for (let e = 0; e < E; e++) if (offsets.some((o) => x[o + p * E + e] === x[o + p * E + e])) k++;
    if (k < 2) continue;
    for (let e = 0; e < E; e++) if (offsets.some((o) => x[o + p * E + e] === x[o + p * E + e])) sharedAny[e]!++;
  }
  const fairEvaluators: FairEvaluator[] = evaluatorIds.map((evaluatorId, e) => {
    let severity = 0;
    let versusOthers: number | null = null;
    let variance = 0;
    fairCriteria.forEach((fc, c) => {
      const one = fc.evaluators[e]!;
      const { kind, weight } = criteria[c]!;
      if (one.severity !== null) severity += meanPercentage(kind, one.severity, weight);
      if (one.versusOthers !== null) versusOthers = (versusOthers ?? 0) + meanPercentage(kind, one.versusOthers, weight);
      if (one.spread !== null) variance += meanPercentage(kind, one.spread, weight) ** 2;
    });
    return { evaluatorId, severity, versusOthers, spread: Math.sqrt(variance), sharedPlayers: sharedAny[e]!, group: overall.label[e]! };
  });

  /* Point totals; complete as in sessionResults (at least minEvaluators scored every criterion). */
  const complete: number[] = [];
  const players: FairPlayer[] = playerIds.map((playerId, p) => {
    const isComplete = C > 0 && done[p]! >= minEvaluators;
    if (isComplete) complete.push(p);
    const rawMeans = criteria.map((_, c) => {
      if (Number.isNaN(rawMean[c * P + p]!)) return null;
      if (!options.sessionMeans) return rawMean[c * P + p]!;
      const list: number[] = [];
      for (let e = 0; e < E; e++) if (x[offsets[c]! + p * E + e] === x[offsets[c]! + p * E + e]) list.push(x[offsets[c]! + p * E + e]!);
      return sessionMean(list);
    });
    const fairScores = criteria.map((_, c) => (Number.isNaN(theta[c * P + p]!) ? null : theta[c * P + p]!));
    const sum = (means: (number | null)[]) =>
      means.reduce<number>((a, m, c) => a + meanPercentage(criteria[c]!.kind, m ?? 0, criteria[c]!.weight), 0);
    const empty = (t: number | null): TotalWithRange => ({ total: t, rank: null, interval: null, rankRange: null });
    return {
      playerId,
      complete: isComplete,
      evaluatorsDone: done[p]!,
      rawMeans,
      fairScores,
      raw: empty(isComplete ? sum(rawMeans) : null),
      fair: empty(isComplete ? sum(fairScores) : null),
      moved: null,
    };
  });
  for (const side of ['raw', 'fair'] as const) {
    const ranked = rank(
      complete.map((p) => ({ p, total: players[p]![side].total! })),
      (r) => r.total,
    );
    for (const r of ranked) players[r.p]![side].rank = r.rank;
  }
  for (const p of complete) players[p]!.moved = players[p]!.raw.rank! - players[p]!.fair.rank!;
  bootstrap(x, offsets, criteria, delta, rawMean, theta, E, P, complete, players, { rounds, seed, level });

  return {
    connected: overall.groups.length <= 1,
    groups: toIds(overall.groups),
    evaluators: fairEvaluators,
    criteria: fairCriteria,
    total,
    players,
    rounds,
    seed,
    level,
  };
}

/**
 * Intervals and rank ranges: each round, every complete player's evaluators are drawn again with
 * replacement (as many as they had), and the raw and fair totals are recomputed from the drawn
 * evaluators' scores (fair: less the drawn evaluators' severities, held at the session's fit). A
 * criterion none of the drawn evaluators scored keeps the player's own mean. Ranks are among the
 * complete players of the round. The interval and the rank range always contain the point figures.
 */
function bootstrap(
  x: Float64Array,
  offsets: readonly number[],
  criteria: readonly SessionCriterion[],
  delta: Float64Array,
  rawMean: Float64Array,
  theta: Float64Array,
  E: number,
  P: number,
  complete: readonly number[],
  players: FairPlayer[],
  { rounds: R, seed, level }: { rounds: number; seed: number; level: number },
): void {
  const N = complete.length;
  if (N === 0) return;
  const C = criteria.length;
  const random = mulberry32(seed);
  // meanPercentage is linear in the mean: its value at a mean of 1 is the criterion's factor.
  const factor = Float64Array.from(criteria, (c) => meanPercentage(c.kind, 1, c.weight));
  // Each complete player's evaluators (any criterion), their scores and scores less severity laid out
  // contiguously (player, evaluator, criterion), NaN where not scored; and each criterion's own mean.
  const start = new Int32Array(N + 1);
  const rows: number[] = [];
  complete.forEach((p, i) => {
    start[i] = rows.length;
    for (let e = 0; e < E; e++) if (offsets.some((o) => x[o + p * E + e] === x[o + p * E + e])) rows.push(p * E + e);
  });
  start[N] = rows.length;
  const raw = new Float64Array(rows.length * C);
  const fair = new Float64Array(rows.length * C);
  rows.forEach((cell, j) => {
    const e = cell % E;
    for (let c = 0; c < C; c++) {
      const v = x[offsets[c]! + cell]!;
      raw[j * C + c] = v;
      fair[j * C + c] = v - delta[c * E + e]!;
    }
  });
  const ownRaw = new Float64Array(N * C);
  const ownFair = new Float64Array(N * C);
  complete.forEach((p, i) => {
    for (let c = 0; c < C; c++) {
      ownRaw[i * C + c] = rawMean[c * P + p]!;
      ownFair[i * C + c] = theta[c * P + p]!;
    }
  });
  // A player whose every evaluator scored every criterion (the usual case): the resampled total is the
  // mean of the drawn evaluators' own totals, the same figure without a pass over the criteria.
  const rowRaw = new Float64Array(rows.length);
  const rowFair = new Float64Array(rows.length);
  const full = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    full[i] = 1;
    for (let j = start[i]!; j < start[i + 1]!; j++) {
      for (let c = 0; c < C; c++) {
        if (Number.isNaN(raw[j * C + c]!)) full[i] = 0;
        rowRaw[j]! += factor[c]! * raw[j * C + c]!;
        rowFair[j]! += factor[c]! * fair[j * C + c]!;
      }
    }
  }
  const rawBoot = new Float64Array(N * R);
  const fairBoot = new Float64Array(N * R);
  const sums = new Float64Array(3 * C);
  for (let r = 0; r < R; r++) {
    for (let i = 0; i < N; i++) {
      const [first, k] = [start[i]!, start[i + 1]! - start[i]!];
      if (full[i]) {
        let [tr, tf] = [0, 0];
        for (let d = 0; d < k; d++) {
          const j = first + Math.floor(random() * k);
          tr += rowRaw[j]!;
          tf += rowFair[j]!;
        }
        rawBoot[i * R + r] = tr / k;
        fairBoot[i * R + r] = tf / k;
      } else {
        const totals = resampleTotals(raw, fair, first, k, C, factor, ownRaw, ownFair, i * C, sums, random);
        rawBoot[i * R + r] = totals.raw;
        fairBoot[i * R + r] = totals.fair;
      }
    }
  }
  const tail = (1 - level) / 2;
  for (const [side, boot] of [
    ['raw', rawBoot],
    ['fair', fairBoot],
  ] as const) {
    // Rank of each player in each round: 1 + the players with a higher total in that round.
    const ranks = new Float64Array(N * R);
    const column = new Float64Array(N);
    for (let r = 0; r < R; r++) {
      for (let i = 0; i < N; i++) column[i] = boot[i * R + r]!;
      column.sort();
      for (let i = 0; i < N; i++) {
        const v = boot[i * R + r]!;
        let [lo, hi] = [0, N];
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (column[mid]! <= v) lo = mid + 1;
          else hi = mid;
        }
        ranks[i * R + r] = N - lo + 1;
      }
    }
    for (let i = 0; i < N; i++) {
      const figure = players[complete[i]!]![side];
      const totals = boot.subarray(i * R, (i + 1) * R).sort();
      const places = ranks.subarray(i * R, (i + 1) * R).sort();
      const t = figure.total!;
      figure.interval = [Math.min(t, quantile(totals, tail)), Math.max(t, quantile(totals, 1 - tail))];
      const [lo, hi] = [places[Math.floor(tail * (R - 1))]!, places[Math.ceil((1 - tail) * (R - 1))]!];
      figure.rankRange = [Math.min(figure.rank!, lo), Math.max(figure.rank!, hi)];
    }
  }
}

const resampled = { raw: 0, fair: 0 };

/** One player's raw and fair totals from k evaluators drawn with replacement among their own k. */
function resampleTotals(
  raw: Float64Array,
  fair: Float64Array,
  first: number,
  k: number,
  C: number,
  factor: Float64Array,
  ownRaw: Float64Array,
  ownFair: Float64Array,
  own: number,
  sums: Float64Array,
  random: () => number,
): { raw: number; fair: number } {
  sums.fill(0);
  for (let d = 0; d < k; d++) {
    const row = (first + Math.floor(random() * k)) * C;
    for (let c = 0; c < C; c++) {
      const v = raw[row + c]!;
      if (v !== v) continue;
      sums[c]! += v;
      sums[C + c]! += fair[row + c]!;
      sums[2 * C + c]!++;
    }
  }
  let tr = 0;
  let tf = 0;
  for (let c = 0; c < C; c++) {
    const n = sums[2 * C + c]!;
    tr += factor[c]! * (n ? sums[c]! / n : ownRaw[own + c]!);
    tf += factor[c]! * (n ? sums[C + c]! / n : ownFair[own + c]!);
  }
  resampled.raw = tr;
  resampled.fair = tf;
  return resampled;
}

/* ---------- the cut line ---------- */

export interface Candidate {
  id: number;
  total: number;
  interval: readonly [number, number];
}

/**
 * Too close to call at a cut line of `k` places: ranked by total (ties by id), a player above the line
 * whose interval reaches the highest interval top below it, and a player below the line whose interval
 * reaches the lowest interval bottom above it: on another day's evaluators they could swap sides.
 */
export function tooCloseToCall(candidates: readonly Candidate[], k: number): number[] {
  if (k <= 0 || k >= candidates.length) return [];
  const sorted = [...candidates].sort((a, b) => b.total - a.total || a.id - b.id);
  const [above, below] = [sorted.slice(0, k), sorted.slice(k)];
  const highestBelow = Math.max(...below.map((c) => c.interval[1]));
  const lowestAbove = Math.min(...above.map((c) => c.interval[0]));
  return [
    ...above.filter((c) => c.interval[0] <= highestBelow).map((c) => c.id),
    ...below.filter((c) => c.interval[1] >= lowestAbove).map((c) => c.id),
  ];
}

/* ---------- publishing on fair scores ---------- */

/**
 * A fair score as publishing writes it (docs/product.md#fair-evaluations): clamped into the level's range
 * (1–10, or a share of Yes from 0 to 1), since a fair score may leave it (ADR 0027), and rounded to 2
 * decimals as a published session mean is.
 */
export function publishableFairScore(kind: LevelKind, fair: number): number {
  const [lo, hi] = kind === 'yes_no' ? [NO, YES] : [SCALE_MIN, SCALE_MAX];
  return Math.round(Math.min(hi, Math.max(lo, fair)) * 100) / 100;
}

/* ---------- words for families ---------- */

/** "Seen by 4 evaluators": how many, never who (docs/product.md#families). */
export function seenByWords(evaluators: number): string {
  return `Seen by ${evaluators} evaluator${evaluators === 1 ? '' : 's'}`;
}

/** "The panel agreed well on Passing and Shooting." for the criteria whose verdict is good; null when none. */
export function agreedOnWords(criteria: readonly string[]): string | null {
  if (!criteria.length) return null;
  const list = criteria.length === 1 ? criteria[0]! : `${criteria.slice(0, -1).join(', ')} and ${criteria.at(-1)!}`;
  return `The panel agreed well on ${list}.`;
}

/* ---------- an evaluator against the panel (evaluator history) ---------- */

/** Pearson's r of two equally long lists; null below 3 pairs or when either list does not vary. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 3 || y.length !== n) return null;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxx > 1e-12 && syy > 1e-12 ? sxy / Math.sqrt(sxx * syy) : null;
}

export interface PanelAgreement {
  /** Players this evaluator scored on a criterion someone else scored too. */
  players: number;
  /** Pearson's r of their score of a player with the others' mean on the same criteria; null below 3 players. */
  agreement: number | null;
}

/**
 * How well one evaluator ranks players as the rest of the panel does: per shared player, the mean of
 * their scores over the criteria others scored too and the mean of the others' means there, each as a
 * share of the criterion's range (so a Yes/No weighs as a 1–10 criterion), correlated over players.
 * A severity shift does not lower it (it is a correlation); disagreeing on who is better does.
 */
export function panelAgreement(
  criteria: readonly SessionCriterion[],
  scores: readonly SessionScore[],
  evaluatorId: number,
): PanelAgreement {
  const range = new Map(criteria.map((c) => [c.criterionId, scaleRange(c.kind)]));
  const cells = new Map<string, { own: number | null; others: number[] }>();
  for (const s of scores) {
    const r = range.get(s.criterionId);
    if (r === undefined) continue;
    const key = `${s.playerId}:${s.criterionId}`;
    const cell = cells.get(key) ?? { own: null, others: [] };
    if (s.evaluatorId === evaluatorId) cell.own = s.score / r;
    else cell.others.push(s.score / r);
    cells.set(key, cell);
  }
  const perPlayer = new Map<number, { own: number[]; others: number[] }>();
  for (const [key, cell] of cells) {
    if (cell.own === null || cell.others.length === 0) continue;
    const playerId = Number(key.slice(0, key.indexOf(':')));
    const p = perPlayer.get(playerId) ?? { own: [], others: [] };
    p.own.push(cell.own);
    p.others.push(cell.others.reduce((a, b) => a + b, 0) / cell.others.length);
    perPlayer.set(playerId, p);
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const own = [...perPlayer.values()].map((p) => mean(p.own));
  const others = [...perPlayer.values()].map((p) => mean(p.others));
  return { players: own.length, agreement: pearson(own, others) };
}

/* ---------- calibration round ---------- */

/** Below these distances an evaluator reads as "in line with the panel": half a point on 1–10, 10 % Yes, 5 percentage points overall. */
export const CALIBRATION_IN_LINE = { scale: 0.5, yesNo: 0.1, total: 5 } as const;

export interface CalibrationOffsets {
  evaluatorId: number;
  /** Against the mean of the others on the same players, per criterion in the session's order (score units; Yes/No a share). */
  criteria: (number | null)[];
  /** Over all criteria, in percentage points of the total. */
  total: number | null;
}

/**
 * How far each evaluator of a calibration round sits from the rest of the panel: the same additive fit as
 * a session's (`fairResults`, one round), read as `versusOthers`, so "−2" is two points below the others.
 */
export function calibrationOffsets(
  playerIds: readonly number[],
  criteria: readonly SessionCriterion[],
  scores: readonly SessionScore[],
): CalibrationOffsets[] {
  const f = fairResults(playerIds, criteria, scores, { rounds: 1, minEvaluators: 1 });
  return f.evaluators.map((e) => ({
    evaluatorId: e.evaluatorId,
    criteria: f.criteria.map((c) => c.evaluators.find((x) => x.evaluatorId === e.evaluatorId)?.versusOthers ?? null),
    total: e.versusOthers,
  }));
}

/** "1.8 points lower than the panel", "says Yes 20 % more often than the panel", "in line with the panel". */
export function calibrationWords(kind: LevelKind | 'total', offset: number | null): string {
  if (offset === null) return 'no one else has scored these players yet';
  const size = Math.abs(offset);
  const side = offset < 0 ? 'lower' : 'higher';
  if (kind === 'yes_no') {
    if (size < CALIBRATION_IN_LINE.yesNo) return 'in line with the panel';
    return `says Yes ${Math.round(size * 100)} % ${offset < 0 ? 'less' : 'more'} often than the panel`;
  }
  if (kind === 'total') {
    if (size < CALIBRATION_IN_LINE.total) return 'in line with the panel';
    return `${Math.round(size)} percentage points ${side} than the panel`;
  }
  if (size < CALIBRATION_IN_LINE.scale) return 'in line with the panel';
  return `${size.toFixed(1)} ${size.toFixed(1) === '1.0' ? 'point' : 'points'} ${side} than the panel`;
}
