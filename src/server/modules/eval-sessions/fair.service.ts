import type { Kysely } from 'kysely';
import {
  fairResults,
  verdictSentence,
  type EvaluatorSeverity,
  type Reliability,
  type TotalWithRange,
} from '../../../shared/fair-evaluations.js';
import { roundPercent, UNIT_HEADINGS } from '../../../shared/scoring.js';
import type { CoverageRow, FairReliability, FairSide, SessionFair } from '../../../shared/schemas/session-fair.js';
import type { DB } from '../../db/types.js';
import type * as repo from './eval-sessions.repository.js';
import { toCsv } from '../players/export.csv.js';
import { computeResults, results, type ComputedResults } from './eval-sessions.service.js';

/**
 * A session's fair analysis (docs/product.md#fair-evaluations): the figures of fair-evaluations.ts over
 * the scores that count, named as the results name evaluators and players, rounded for the screen.
 */

const r2 = (v: number | null): number | null => (v === null ? null : roundPercent(v));
const pair = (v: readonly [number, number] | null): [number, number] | null =>
  v === null ? null : [roundPercent(v[0]), roundPercent(v[1])];
const side = (s: TotalWithRange): FairSide => ({ total: r2(s.total), rank: s.rank, interval: pair(s.interval), rankRange: s.rankRange });

function reliability(name: string, r: Reliability): FairReliability {
  return {
    icc: r2(r.icc),
    block: r.block,
    meanEvaluators: r2(r.meanEvaluators),
    reliability: r2(r.reliability),
    evaluatorsNeeded: r.evaluatorsNeeded,
    verdict: r.verdict,
    sentence: verdictSentence(name, r.verdict),
  };
}

const severity = (e: Pick<EvaluatorSeverity, 'severity' | 'versusOthers' | 'spread' | 'sharedPlayers'>) => ({
  severity: r2(e.severity),
  versusOthers: r2(e.versusOthers),
  spread: r2(e.spread),
  sharedPlayers: e.sharedPlayers,
});

export async function fairAnalysis(db: Kysely<DB>, session: repo.SessionRow, computed?: ComputedResults): Promise<SessionFair> {
  const { criteria, players, counted, evaluators, results } = computed ?? (await computeResults(db, session));
  const f = fairResults(
    players.map((p) => p.playerId),
    criteria,
    counted,
    // The session's own (trimmed) means: raw totals and ranks are the results table's.
    { minEvaluators: session.minEvaluators, sessionMeans: true },
  );
  const evaluatorById = new Map(evaluators.map((e) => [e.id, e]));
  const playerById = new Map(players.map((p) => [p.playerId, p]));
  const person = (id: number) => {
    const p = playerById.get(id)!;
    return { playerId: id, firstName: p.firstName, lastName: p.lastName, bib: p.bib };
  };

  const rows = f.players.map((p) => ({
    ...person(p.playerId),
    complete: p.complete,
    evaluatorsDone: p.evaluatorsDone,
    cells: criteria.map((c, i) => ({ criterionId: c.criterionId, raw: r2(p.rawMeans[i]!), fair: r2(p.fairScores[i]!) })),
    raw: side(p.raw),
    fair: side(p.fair),
    moved: p.moved,
  }));
  rows.sort((a, b) => (a.raw.rank ?? Infinity) - (b.raw.rank ?? Infinity) || a.lastName.localeCompare(b.lastName));

  return {
    minEvaluators: session.minEvaluators,
    publishBasis: session.publishBasis,
    connected: f.connected,
    groups: f.groups,
    rounds: f.rounds,
    level: f.level,
    criteria: f.criteria.map((fc, i) => {
      const { catalogueWeight: _, ...info } = criteria[i]!;
      return { ...info, ...reliability(info.name, fc), groups: fc.groups };
    }),
    total: reliability('Total', f.total),
    evaluators: f.evaluators.map((e, i) => {
      const who = evaluatorById.get(e.evaluatorId)!;
      return {
        id: e.evaluatorId,
        name: who.name,
        guest: who.guest,
        severity: r2(e.severity),
        versusOthers: r2(e.versusOthers),
        spread: r2(e.spread),
        sharedPlayers: e.sharedPlayers,
        group: e.group,
        criteria: f.criteria.map((fc) => ({
          criterionId: fc.criterionId,
          scores: fc.evaluators[i]!.scores,
          ...severity(fc.evaluators[i]!),
        })),
      };
    }),
    players: rows,
    coverage: session.state === 'open' ? coverage(session.minEvaluators, criteria, counted, evaluators, results, person) : [],
  };
}

/**
 * While the session is open: players scored by fewer evaluators than the minimum on some criterion,
 * fewest first, with the counted evaluators who have not scored them there yet.
 */
function coverage(
  min: number,
  criteria: readonly { criterionId: number }[],
  counted: readonly { evaluatorId: number; playerId: number; criterionId: number }[],
  evaluators: readonly repo.EvaluatorRow[],
  results: readonly { playerId: number; cells: readonly { criterionId: number; evaluators: number }[] }[],
  person: (id: number) => Pick<CoverageRow, 'playerId' | 'firstName' | 'lastName' | 'bib'>,
): CoverageRow[] {
  const scored = new Set(counted.map((s) => `${s.evaluatorId}:${s.playerId}:${s.criterionId}`));
  const panel = evaluators.filter((e) => e.admitted && !e.excluded);
  const rows = results.flatMap((r) => {
    const short = r.cells.filter((c) => c.evaluators < min).map((c) => ({ criterionId: c.criterionId, evaluators: c.evaluators }));
    if (!criteria.length || !short.length) return [];
    const notYet = panel
      .filter((e) => short.some((c) => !scored.has(`${e.id}:${r.playerId}:${c.criterionId}`)))
      .map((e) => ({ id: e.id, name: e.name, guest: e.guest }));
    return [{ ...person(r.playerId), short, notYet }];
  });
  const fewest = (row: CoverageRow) => Math.min(...row.short.map((c) => c.evaluators));
  return rows.sort((a, b) => fewest(a) - fewest(b) || a.lastName.localeCompare(b.lastName));
}

/**
 * The results as CSV: the results table's columns, and beside them the fair total and rank, the places
 * moved and both totals' intervals (docs/product.md#fair-evaluations). Rank and Total stay the raw ones.
 * A measured criterion writes the session's mean value under a heading with its unit ("Lane agility (s)")
 * and its points in the next column ("Lane agility points"): both numbers.
 */
export async function resultsCsv(db: Kysely<DB>, session: repo.SessionRow): Promise<string> {
  const computed = await computeResults(db, session);
  const [r, f] = await Promise.all([results(db, session, computed), fairAnalysis(db, session, computed)]);
  const fair = new Map(f.players.map((p) => [p.playerId, p]));
  const measuredValue = new Map(
    computed.results.flatMap((p) => p.cells.map((c) => [`${p.playerId}:${c.criterionId}`, c.measured?.value] as const)),
  );
  const level = Math.round(f.level * 100);
  const criterionHeadings = r.criteria.flatMap((c) => {
    const name = `${c.levelName}: ${c.name}`;
    return c.measure ? [`${name} (${UNIT_HEADINGS[c.measure.unit]})`, `${name} points`] : [name];
  });
  const header = [
    'Rank',
    'Number',
    'FirstName',
    'LastName',
    'Total',
    `TotalLow${level}`,
    `TotalHigh${level}`,
    'FairRank',
    'FairTotal',
    `FairTotalLow${level}`,
    `FairTotalHigh${level}`,
    'Moved',
    'Evaluators',
    'Complete',
    ...criterionHeadings,
  ];
  const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : v);
  const rows = r.rows.map((row) => {
    const p = fair.get(row.playerId);
    const cells = r.criteria.flatMap((c) => {
      const points = text(row.cells.find((x) => x.criterionId === c.criterionId)?.mean);
      return c.measure ? [text(measuredValue.get(`${row.playerId}:${c.criterionId}`)), points] : [points];
    });
    return [
      text(row.rank),
      text(row.bib),
      row.firstName,
      row.lastName,
      text(row.total),
      text(p?.raw.interval?.[0]),
      text(p?.raw.interval?.[1]),
      text(p?.fair.rank),
      text(p?.fair.total),
      text(p?.fair.interval?.[0]),
      text(p?.fair.interval?.[1]),
      text(p?.moved),
      row.evaluatorsDone,
      row.complete ? 'yes' : 'no',
      ...cells,
    ];
  });
  return toCsv(header, rows);
}
