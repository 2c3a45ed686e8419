import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agreedOnWords,
  calibrationOffsets,
  calibrationWords,
  seenByWords,
  evaluatorsFor,
  evaluatorsNeeded,
  fairResults,
  icc21,
  mulberry32,
  panelAgreement,
  pearson,
  publishableFairScore,
  spearmanBrown,
  tooCloseToCall,
  verdict,
  verdictSentence,
} from './fair-evaluations';
import { sessionResults, type SessionCriterion, type SessionScore } from './scoring';

const criteria: SessionCriterion[] = [
  { criterionId: 1, kind: 'scale_1_10', weight: 60 },
  { criterionId: 2, kind: 'yes_no', weight: 40 },
];
const oneCriterion = criteria.slice(0, 1);

/** A design: which evaluator scored which player (`seen[p][e]`); every evaluator scored at least one player. */
const design = (players: { min: number; max: number }, evaluators: { min: number; max: number }) =>
  fc
    .tuple(fc.integer(players), fc.integer(evaluators))
    .chain(([P, E]) => fc.array(fc.array(fc.boolean(), { minLength: E, maxLength: E }), { minLength: P, maxLength: P }))
    .map((seen) => seen.map((row, p) => row.map((isSeen, e) => isSeen || e % seen.length === p)));

function sheet(seen: boolean[][], list: SessionCriterion[], score: (p: number, e: number, c: number) => number): SessionScore[] {
  return seen.flatMap((row, p) =>
    row.flatMap((isSeen, e) =>
      isSeen
        ? list.map((c) => ({ evaluatorId: e + 1, playerId: p + 1, criterionId: c.criterionId, score: score(p, e, c.criterionId) }))
        : [],
    ),
  );
}
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Shrout & Fleiss (1979), Table 2: 6 targets × 4 judges. Published: ICC(2,1) = 0.29, ICC(2,4) = 0.62. */
const SHROUT_FLEISS = [
  [9, 2, 5, 8],
  [6, 1, 3, 2],
  [8, 4, 6, 8],
  [7, 1, 2, 6],
  [10, 5, 6, 9],
  [6, 2, 4, 7],
];

describe('reliability', () => {
  it('ICC(2,1) of the Shrout & Fleiss table is their 0.29, and its mean of 4 judges their ICC(2,4) 0.62', () => {
    const icc = icc21(SHROUT_FLEISS.flat(), 6, 4)!;
    // From their mean squares (BMS 11.24, JMS 32.49, EMS 1.02): 10.22 / 35.28 = 0.2897.
    expect(icc).toBeCloseTo(0.2897, 3);
    expect(spearmanBrown(icc, 4)).toBeCloseTo(0.62, 2);
  });

  it('a session with the same table reports the same figures, the verdict and the evaluators needed for 0.8', () => {
    const scores = SHROUT_FLEISS.flatMap((row, p) =>
      row.map((score, e) => ({ evaluatorId: e + 1, playerId: p + 1, criterionId: 1, score })),
    );
    const r = fairResults(ids(6), oneCriterion, scores, { minEvaluators: 4 });
    const c = r.criteria[0]!;
    expect(c.icc).toBeCloseTo(0.2897, 3);
    expect(c.block).toEqual({ players: 6, evaluators: 4 });
    expect(c.meanEvaluators).toBe(4);
    expect(c.reliability).toBeCloseTo(0.62, 2);
    // k = 0.8 · (1 − 0.2897) / (0.2897 · 0.2) = 9.81 → 10.
    expect(c.evaluatorsNeeded).toBe(10);
    expect(c.verdict.level).toBe('poor');
    // One criterion of weight 60: the total is that criterion's percentage, so its ICC is the same.
    expect(r.total.icc).toBeCloseTo(0.2897, 3);
  });

  it('with gaps, the ICC uses the largest complete block and says how large it was', () => {
    const scores = SHROUT_FLEISS.flatMap((row, p) =>
      row.map((score, e) => ({ evaluatorId: e + 1, playerId: p + 1, criterionId: 1, score })),
    );
    // Judge 4 missed the last two targets: judges 1–3 on all six (18 cells) beat all four on four (16).
    const gaps = scores.filter((s) => !(s.evaluatorId === 4 && s.playerId >= 5));
    const c = fairResults(ids(6), oneCriterion, gaps).criteria[0]!;
    expect(c.block).toEqual({ players: 6, evaluators: 3 });
    expect(c.icc).toBeCloseTo(
      icc21(
        SHROUT_FLEISS.flatMap((row) => row.slice(0, 3)),
        6,
        3,
      )!,
      12,
    );
    // Four players had 4 evaluators, two had 3: harmonic mean 1 / ((4/4 + 2/3) / 6) = 3.6.
    expect(c.meanEvaluators).toBeCloseTo(3.6, 9);
  });

  it('Spearman–Brown inverted gives back k', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.integer({ min: 1, max: 60 }), (rho, k) => {
        expect(evaluatorsFor(rho, spearmanBrown(rho, k))).toBeCloseTo(k, 6);
      }),
    );
  });

  it('the evaluators needed is the smallest whole number whose mean reaches 0.8', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), (rho) => {
        const k = evaluatorsNeeded(rho)!;
        expect(spearmanBrown(rho, k)).toBeGreaterThanOrEqual(0.8 - 1e-9);
        if (k > 1) expect(spearmanBrown(rho, k - 1)).toBeLessThan(0.8);
      }),
    );
    expect(evaluatorsNeeded(0)).toBeNull();
    expect(evaluatorsNeeded(null)).toBeNull();
  });

  it('says it in plain words', () => {
    expect(verdictSentence('Shooting', verdict(0.81))).toBe('Shooting: good agreement (0.81)');
    expect(verdictSentence('Passing', verdict(0.6))).toBe('Passing: moderate agreement (0.60)');
    expect(verdictSentence('Defence', verdict(0.34))).toBe('Defence: evaluators disagree (0.34): consider another look');
    expect(verdict(0.75).level).toBe('good');
    expect(verdict(0.5).level).toBe('moderate');
    expect(verdict(null).level).toBe('unknown');
  });
});

describe('evaluator severity and fair scores', () => {
  it('when the evaluators all score alike, every fair score is the raw mean and every severity 0', () => {
    fc.assert(
      fc.property(
        design({ min: 1, max: 8 }, { min: 1, max: 5 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 8, maxLength: 8 }),
        (seen, level) => {
          const scores = sheet(seen, criteria, (p, _e, c) => (c === 1 ? level[p]! : level[p]! % 2));
          const r = fairResults(ids(seen.length), criteria, scores, { minEvaluators: 1 });
          for (const pl of r.players)
            pl.fairScores.forEach((f, c) => (f === null ? expect(pl.rawMeans[c]).toBeNull() : expect(f).toBeCloseTo(pl.rawMeans[c]!, 9)));
          for (const pl of r.players) if (pl.complete) expect(pl.fair.total).toBeCloseTo(pl.raw.total!, 9);
          for (const c of r.criteria) for (const e of c.evaluators) expect(e.severity ?? 0).toBeCloseTo(0, 9);
        },
      ),
    );
  });

  it('adding c to one evaluator moves their severity by exactly c against each other evaluator, and no fair score against another', () => {
    fc.assert(
      fc.property(
        design({ min: 2, max: 7 }, { min: 2, max: 5 }),
        fc.array(fc.double({ min: 1, max: 10, noNaN: true }), { minLength: 35, maxLength: 35 }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.nat(),
        (seen, noise, c, pick) => {
          const E = seen[0]!.length;
          const shifted = (pick % E) + 1;
          const base = sheet(seen, oneCriterion, (p, e) => noise[p * 5 + e]!);
          const moved = base.map((s) => (s.evaluatorId === shifted ? { ...s, score: s.score + c } : s));
          const [a, b] = [base, moved].map((s) => fairResults(ids(seen.length), oneCriterion, s, { minEvaluators: 1, rounds: 1 }));
          const [ca, cb] = [a!.criteria[0]!, b!.criteria[0]!];
          const sev = (r: typeof ca, id: number) => r.evaluators[id - 1]!;
          const group = sev(ca, shifted).group;
          const m = ca.groups[group]!.length;
          for (const other of ca.evaluators) {
            if (other.evaluatorId === shifted) continue;
            if (other.group !== group) {
              // Another group (no shared player) is fitted apart: nothing moves there.
              expect(sev(cb, other.evaluatorId).severity!).toBeCloseTo(other.severity!, 6);
              continue;
            }
            const before = sev(ca, shifted).severity! - other.severity!;
            const after = sev(cb, shifted).severity! - sev(cb, other.evaluatorId).severity!;
            expect(after - before).toBeCloseTo(c, 6);
            // Centred over the group's m evaluators: each other evaluator moves −c/m …
            expect(sev(cb, other.evaluatorId).severity! - other.severity!).toBeCloseTo(-c / m, 6);
          }
          // … and the shifted one c·(m−1)/m.
          expect(sev(cb, shifted).severity! - sev(ca, shifted).severity!).toBeCloseTo((c * (m - 1)) / m, 6);
          // Fair scores: every player of that group moves by the same c/m (the panel's average moved), so no
          // fair score moves against another of the group; other groups do not move at all.
          const groupPlayers = new Set(base.filter((s) => ca.groups[group]!.includes(s.evaluatorId)).map((s) => s.playerId));
          a!.players.forEach((pl, i) => {
            if (pl.fairScores[0] === null) return;
            const shift = b!.players[i]!.fairScores[0]! - pl.fairScores[0]!;
            expect(shift).toBeCloseTo(groupPlayers.has(pl.playerId) ? c / m : 0, 6);
          });
        },
      ),
    );
  });

  it('an evaluator two points low is −2 against the others, and the fair ranks undo it', () => {
    // 8 players 0.4 apart, 4 evaluators; evaluator 4 is 2 points low and scored only the first four.
    const skill = [9, 8.6, 8.2, 7.8, 7.4, 7, 6.6, 6.2];
    const seen = skill.map((_, p) => [true, true, true, p < 4]);
    const scores = sheet(seen, oneCriterion, (p, e) => skill[p]! - (e === 3 ? 2 : 0));
    const r = fairResults(ids(8), oneCriterion, scores, { minEvaluators: 3 });
    const harsh = r.criteria[0]!.evaluators[3]!;
    expect(harsh.versusOthers).toBeCloseTo(-2, 9);
    expect(harsh.severity).toBeCloseTo((-2 * 3) / 4, 9);
    expect(harsh.sharedPlayers).toBe(4);
    // Raw: the harsh scores pulled player 4 (7.8 → 7.3) below player 5 (7.4).
    expect(r.players.map((p) => p.raw.rank)).toEqual([1, 2, 3, 5, 4, 6, 7, 8]);
    expect(r.players.map((p) => p.fair.rank)).toEqual(ids(8));
    // What an average-severity evaluator would give: the three others sit +0.5 above the panel's average.
    r.players.forEach((p, i) => expect(p.fairScores[0]).toBeCloseTo(skill[i]! - 0.5, 9));
    // In the total: −1.5 points on a criterion of weight 60 is −9 percentage points, −2 against the others −12.
    expect(r.evaluators[3]!.severity).toBeCloseTo(-9, 9);
    expect(r.evaluators[3]!.versusOthers).toBeCloseTo(-12, 9);
    // Player 4 gains the place the harsh scores cost them, player 5 gives it back.
    expect(r.players.map((p) => p.moved)).toEqual([0, 0, 0, 1, -1, 0, 0, 0]);
  });

  it('an incomplete player has not moved, and an evaluator alone in their group has no figure against the others', () => {
    // Evaluator 3 scored only player 3, whom nobody else scored: a group of one.
    const seen = [
      [true, true, false],
      [true, true, false],
      [false, false, true],
    ];
    const r = fairResults(
      ids(3),
      oneCriterion,
      sheet(seen, oneCriterion, (p) => 5 + p),
      { minEvaluators: 2 },
    );
    expect(r.players.map((p) => p.moved)).toEqual([0, 0, null]);
    expect(r.evaluators.map((e) => e.versusOthers === null)).toEqual([false, false, true]);
  });

  it("with sessionMeans, raw totals and ranks are sessionResults' own, trimmed from 5 evaluators on", () => {
    fc.assert(
      fc.property(
        design({ min: 1, max: 8 }, { min: 1, max: 7 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 56, maxLength: 56 }),
        fc.integer({ min: 1, max: 5 }),
        (seen, noise, min) => {
          const scores = sheet(seen, criteria, (p, e, c) => (c === 1 ? noise[p * 7 + e]! : noise[p * 7 + e]! % 2));
          const plain = sessionResults(ids(seen.length), criteria, scores, { minEvaluators: min });
          const fair = fairResults(ids(seen.length), criteria, scores, { minEvaluators: min, rounds: 5, sessionMeans: true });
          plain.forEach((p, i) => {
            const f = fair.players[i]!;
            expect(f.raw.rank).toBe(p.rank);
            p.cells.forEach((cell, c) => expect(f.rawMeans[c] ?? null).toBe(cell.mean));
            if (p.total === null) expect(f.raw.total).toBeNull();
            else {
              expect(f.raw.total).toBeCloseTo(p.total, 9);
              expect(f.raw.interval![0]).toBeLessThanOrEqual(f.raw.total!);
              expect(f.raw.interval![1]).toBeGreaterThanOrEqual(f.raw.total!);
            }
          });
        },
      ),
    );
  });

  it('matches sessionResults on completeness, raw totals and ranks (untrimmed: up to 4 evaluators)', () => {
    fc.assert(
      fc.property(
        design({ min: 1, max: 8 }, { min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 32, maxLength: 32 }),
        fc.integer({ min: 1, max: 3 }),
        (seen, noise, min) => {
          const scores = sheet(seen, criteria, (p, e, c) => (c === 1 ? noise[p * 4 + e]! : noise[p * 4 + e]! % 2));
          const plain = sessionResults(ids(seen.length), criteria, scores, { minEvaluators: min });
          const fair = fairResults(ids(seen.length), criteria, scores, { minEvaluators: min, rounds: 5 });
          plain.forEach((p, i) => {
            const f = fair.players[i]!;
            expect(f.complete).toBe(p.complete);
            expect(f.evaluatorsDone).toBe(p.evaluatorsDone);
            expect(f.raw.rank).toBe(p.rank);
            if (p.total === null) expect(f.raw.total).toBeNull();
            else expect(f.raw.total).toBeCloseTo(p.total, 9);
          });
        },
      ),
    );
  });
});

describe('connectedness', () => {
  it('reports evaluators who share no player as groups, and centres severities within each', () => {
    // Evaluators 1, 2 saw players 1–3; evaluators 3, 4 players 4–6 (two stations).
    const seen = ids(6).map((p) => [p <= 3, p <= 3, p > 3, p > 3]);
    const scores = sheet(seen, oneCriterion, (p, e) => 5 + (p % 3) + e);
    const r = fairResults(ids(6), oneCriterion, scores, { minEvaluators: 2 });
    expect(r.connected).toBe(false);
    expect(r.groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const c = r.criteria[0]!;
    expect(c.groups).toEqual(r.groups);
    expect(c.evaluators.map((e) => e.group)).toEqual([0, 0, 1, 1]);
    expect(c.evaluators[0]!.severity! + c.evaluators[1]!.severity!).toBeCloseTo(0, 9);
    expect(c.evaluators[2]!.severity! + c.evaluators[3]!.severity!).toBeCloseTo(0, 9);
    expect(c.evaluators[1]!.severity! - c.evaluators[0]!.severity!).toBeCloseTo(1, 9);

    // An evaluator who saw a player of each station links them.
    const linked = [
      ...scores,
      { evaluatorId: 5, playerId: 3, criterionId: 1, score: 6 },
      { evaluatorId: 5, playerId: 4, criterionId: 1, score: 6 },
    ];
    const l = fairResults(ids(6), oneCriterion, linked, { minEvaluators: 2 });
    expect(l.connected).toBe(true);
    expect(l.groups).toEqual([[1, 2, 3, 4, 5]]);
  });
});

describe('uncertainty', () => {
  const noisy = (seed: number) => {
    const random = mulberry32(seed);
    const seen = ids(30).map(() => ids(5).map(() => random() < 0.8));
    const scores = sheet(seen, criteria, (p, _e, c) => (c === 1 ? Math.round(3 + (p % 7) + random() * 3) : random() < 0.6 ? 1 : 0));
    // Some evaluators skip the Yes/No criterion of a player: the bootstrap's per-criterion path.
    return scores.filter((s) => !(s.criterionId === 2 && random() < 0.1));
  };

  it('the PRNG is seeded: the same seed gives the same numbers, in [0, 1)', () => {
    const [a, b] = [mulberry32(7), mulberry32(7)];
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(mulberry32(8)()).not.toBe(xs[0]);
  });

  it('the bootstrap is deterministic for a seed', () => {
    const scores = noisy(3);
    const run = (seed: number) => fairResults(ids(30), criteria, scores, { minEvaluators: 2, seed }).players;
    expect(run(11)).toEqual(run(11));
    expect(run(12).map((p) => p.raw.interval)).not.toEqual(run(11).map((p) => p.raw.interval));
  });

  it('every interval contains its total, and every rank range its rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 50 }), (seed, rounds) => {
        const r = fairResults(ids(30), criteria, noisy(seed), { minEvaluators: 2, rounds, seed });
        for (const p of r.players) {
          for (const side of [p.raw, p.fair]) {
            if (side.total === null) {
              expect(side.interval).toBeNull();
              continue;
            }
            if (side === p.raw) expect(side.interval![0]).toBeGreaterThanOrEqual(0);
            expect(side.interval![0]).toBeLessThanOrEqual(side.total);
            expect(side.interval![1]).toBeGreaterThanOrEqual(side.total);
            expect(side.rankRange![0]).toBeLessThanOrEqual(side.rank!);
            expect(side.rankRange![1]).toBeGreaterThanOrEqual(side.rank!);
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('a player nobody disagrees on has an interval of one point', () => {
    const scores = sheet([[true, true, true]], criteria, () => 1);
    const [p] = fairResults([1], criteria, scores, { minEvaluators: 3 }).players;
    // 1 of 10 on weight 60 (6) + Yes on weight 40 (40).
    for (const side of [p!.raw, p!.fair]) {
      expect(side.total).toBeCloseTo(46, 9);
      expect(side.interval![0]).toBeCloseTo(46, 9);
      expect(side.interval![1]).toBeCloseTo(46, 9);
    }
    expect(p!.raw.rankRange).toEqual([1, 1]);
  });

  it('marks the players whose intervals overlap across the cut line as too close to call', () => {
    const candidates = [
      { id: 1, total: 90, interval: [85, 95] as const },
      { id: 2, total: 80, interval: [74, 86] as const },
      { id: 3, total: 78, interval: [70, 82] as const },
      { id: 4, total: 60, interval: [55, 66] as const },
      { id: 5, total: 50, interval: [45, 55] as const },
    ];
    // Cut after 2: player 2 (bottom 74) and player 3 (top 82) could swap; 1 and 4 are clear.
    expect(tooCloseToCall(candidates, 2).sort()).toEqual([2, 3]);
    // Cut after 3: player 3's bottom 70 is above 4's top 66: all clear.
    expect(tooCloseToCall(candidates, 3)).toEqual([]);
    expect(tooCloseToCall(candidates, 0)).toEqual([]);
    expect(tooCloseToCall(candidates, 5)).toEqual([]);
  });
});

describe('publishing on fair scores', () => {
  it("clamps a fair score into the level's range and rounds it to 2 decimals", () => {
    expect(publishableFairScore('scale_1_10', 10.8)).toBe(10);
    expect(publishableFairScore('scale_1_10', 0.4)).toBe(1);
    expect(publishableFairScore('scale_1_10', 7.456)).toBe(7.46);
    expect(publishableFairScore('yes_no', 1.2)).toBe(1);
    expect(publishableFairScore('yes_no', -0.1)).toBe(0);
    expect(publishableFairScore('yes_no', 0.666)).toBe(0.67);
  });
});

describe('words for families', () => {
  it('says how many evaluators saw a child, and the criteria the panel agreed on', () => {
    expect(seenByWords(4)).toBe('Seen by 4 evaluators');
    expect(seenByWords(1)).toBe('Seen by 1 evaluator');
    expect(agreedOnWords([])).toBeNull();
    expect(agreedOnWords(['Passing'])).toBe('The panel agreed well on Passing.');
    expect(agreedOnWords(['Passing', 'Shooting', 'Defence'])).toBe('The panel agreed well on Passing, Shooting and Defence.');
  });
});

describe('an evaluator against the panel', () => {
  const crit: SessionCriterion[] = [
    { criterionId: 1, kind: 'scale_1_10', weight: 1 },
    { criterionId: 2, kind: 'yes_no', weight: 1 },
  ];
  const panel = (own: (p: number) => number): SessionScore[] =>
    [1, 2, 3, 4, 5].flatMap((p) => [
      { evaluatorId: 1, playerId: p, criterionId: 1, score: own(p) },
      { evaluatorId: 2, playerId: p, criterionId: 1, score: p + 1 },
      { evaluatorId: 3, playerId: p, criterionId: 1, score: p + 3 },
    ]);

  it('Pearson r of a worked example, null for fewer than 3 pairs or no variation', () => {
    // x = 1..5, y = 2, 4, 5, 4, 5: Sxy = 6, Sxx = 10, Syy = 6 → r = 6 / √60.
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(6 / Math.sqrt(60), 12);
    expect(pearson([1, 2], [1, 2])).toBeNull();
    expect(pearson([1, 2, 3], [4, 4, 4])).toBeNull();
  });

  it('a severity shift does not lower agreement; ranking players the other way round makes it −1', () => {
    const shifted = panelAgreement(
      crit,
      panel((p) => p + 2),
      1,
    );
    expect(shifted.players).toBe(5);
    expect(shifted.agreement).toBeCloseTo(1, 12);
    expect(
      panelAgreement(
        crit,
        panel((p) => p),
        1,
      ).agreement,
    ).toBeCloseTo(1, 12);
    expect(
      panelAgreement(
        crit,
        panel((p) => 7 - p),
        1,
      ).agreement,
    ).toBeCloseTo(-1, 12);
  });

  it('counts only players someone else scored on the same criterion, and none for an unknown evaluator', () => {
    const alone = [...panel((p) => p), { evaluatorId: 1, playerId: 9, criterionId: 2, score: 1 }];
    expect(panelAgreement(crit, alone, 1).players).toBe(5);
    expect(panelAgreement(crit, alone, 99)).toEqual({ players: 0, agreement: null });
  });
});

describe('calibration round', () => {
  it('reads an evaluator two points low as two points below the others, and the rest about in line', () => {
    const players = [1, 2, 3];
    const skill = [8, 6, 4];
    const scores: SessionScore[] = [10, 11, 12, 13].flatMap((e) =>
      players.flatMap((p, i) => [
        { evaluatorId: e, playerId: p, criterionId: 1, score: skill[i]! - (e === 13 ? 2 : 0) },
        { evaluatorId: e, playerId: p, criterionId: 2, score: 1 },
      ]),
    );
    const offsets = calibrationOffsets(players, criteria, scores);
    const harsh = offsets.find((o) => o.evaluatorId === 13)!;
    expect(harsh.criteria[0]).toBeCloseTo(-2, 9);
    expect(harsh.criteria[1]).toBeCloseTo(0, 9);
    // −2 on a 1–10 criterion weighted 60: −12 percentage points of the total.
    expect(harsh.total).toBeCloseTo(-12, 9);
    expect(calibrationWords('scale_1_10', harsh.criteria[0]!)).toBe('2.0 points lower than the panel');
    expect(calibrationWords('total', harsh.total)).toBe('12 percentage points lower than the panel');
    const other = offsets.find((o) => o.evaluatorId === 10)!;
    expect(other.criteria[0]).toBeCloseTo(2 / 3, 9);
    expect(calibrationWords('scale_1_10', 0.3)).toBe('in line with the panel');
    expect(calibrationWords('scale_1_10', 1)).toBe('1.0 point higher than the panel');
    expect(calibrationWords('yes_no', -0.2)).toBe('says Yes 20 % less often than the panel');
    expect(calibrationWords('total', null)).toBe('no one else has scored these players yet');
  });
});
