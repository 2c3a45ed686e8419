/**
 * Bulk evaluation CSV (docs/product.md#scoring template: PlayerFirstName, PlayerLastName, ParentEmail, Level, Criteria,
 * Score, Notes, Video). Reading and checking are separate from the routes so every bad row is found
 * before anything is written: the import is all-or-nothing.
 */
import { z } from 'zod';
import { CSV_TEMPLATES } from '../../../shared/constants.js';
import { EVALUATION_NOTES_MAX, parseScore } from '../../../shared/schemas/evaluation.js';
import { currentEvaluations, scorePercentage } from '../../../shared/scoring.js';
import { checkCsvShape, csvRecords, csvText } from '../../lib/csv-text.js';
import { badRequest } from '../../lib/errors.js';
import { bulkCandidates } from '../../policies/evaluations.js';
import { measuredAgeGroup, readMeasurement, type ScoredFields } from './measured.service.js';
import type { CurrentRow, NewEvaluation, ScoringCriterion } from './evaluations.repository.js';

export interface CsvRow {
  /** Spreadsheet row number: the header is row 1. */
  row: number;
  first: string;
  last: string;
  email: string;
  level: string;
  criteria: string;
  score: string;
  notes: string;
  video: string;
}

const COLUMNS = CSV_TEMPLATES.evaluation;
const norm = (s: string) => s.trim().toLowerCase();

/** Parses the file; a missing column or unreadable CSV is one 400 for the whole file. */
export function readCsv(content: Buffer): CsvRow[] {
  let records: string[][];
  const text = csvText(content);
  checkCsvShape(text, ',');
  try {
    records = csvRecords(text, false);
  } catch (e) {
    throw badRequest(`The file could not be read as CSV: ${(e as Error).message}`, 'bulkFile');
  }
  const [header, ...body] = records;
  if (!header) throw badRequest('The file is empty.', 'bulkFile');
  const index = new Map(header.map((h, i) => [norm(h), i]));
  const missing = COLUMNS.filter((c) => !index.has(c.toLowerCase()));
  if (missing.length)
    throw badRequest(
      `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. The template columns are ${COLUMNS.join(', ')}.`,
      'bulkFile',
    );
  const cell = (rec: string[], col: string) => (rec[index.get(col.toLowerCase())!] ?? '').trim();
  const rows = body
    .map((rec, i) => ({
      row: i + 2,
      first: cell(rec, 'PlayerFirstName'),
      last: cell(rec, 'PlayerLastName'),
      email: cell(rec, 'ParentEmail'),
      level: cell(rec, 'Level'),
      criteria: cell(rec, 'Criteria'),
      score: cell(rec, 'Score'),
      notes: cell(rec, 'Notes'),
      video: cell(rec, 'Video'),
    }))
    .filter((r) => Object.values(r).some((v) => typeof v === 'string' && v !== ''));
  if (rows.length === 0) throw badRequest('The file has no rows to import.', 'bulkFile');
  return rows;
}

export interface PlayerCandidate {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  /** Birth year: a measured test's points read the player's age group. */
  dob?: number | null;
}

export interface CheckContext {
  criteria: readonly ScoringCriterion[];
  players: readonly PlayerCandidate[];
  /** null = every player may be evaluated; otherwise the ids the actor reaches (policies/evaluations.ts authorizeBulk). */
  reachable: Set<number> | null;
  /** Per-player upload: rows apply to this player; filled-in player columns must name them. */
  onlyPlayer?: PlayerCandidate;
  evaluatorUserId: number;
  evaluatorName: string;
  date: string;
  now: string;
}

const urlSchema = z.url({ protocol: /^https?$/ });

/** Checks every row; returns the evaluations to insert, or every row's problem. */
export function checkRows(rows: readonly CsvRow[], ctx: CheckContext): { values: NewEvaluation[]; errors: string[] } {
  const criteria = new Map<string, ScoringCriterion[]>();
  for (const c of ctx.criteria) {
    const key = `${norm(c.levelName)}|${norm(c.name)}`;
    criteria.set(key, [...(criteria.get(key) ?? []), c]);
  }
  const players = new Map<string, PlayerCandidate[]>();
  const byId = new Map(ctx.players.map((p) => [p.id, p]));
  for (const p of ctx.players) {
    const key = `${norm(p.first_name)}|${norm(p.last_name)}|${norm(p.email)}`;
    players.set(key, [...(players.get(key) ?? []), p]);
  }

  const values: NewEvaluation[] = [];
  const errors: string[] = [];
  for (const r of rows) {
    const problems: string[] = [];
    const who = `${r.first} ${r.last}`.trim();
    let playerId: number | null = null;
    if (ctx.onlyPlayer && !r.first && !r.last && !r.email) {
      playerId = ctx.onlyPlayer.id;
    } else if (!r.first || !r.last || !r.email) {
      problems.push('PlayerFirstName, PlayerLastName and ParentEmail are required');
    } else {
      const matches = players.get(`${norm(r.first)}|${norm(r.last)}|${norm(r.email)}`) ?? [];
      const found = bulkCandidates(matches, ctx.reachable);
      if (found.length === 0) problems.push(`no player named ${who} with parent email ${r.email}`);
      else if (found.length > 1) problems.push(`more than one player named ${who} has parent email ${r.email}`);
      else if (ctx.onlyPlayer && found[0]!.id !== ctx.onlyPlayer.id) problems.push(`${who} is not the player being evaluated`);
      else playerId = found[0]!.id;
    }

    let criterion: ScoringCriterion | null = null;
    if (!r.level || !r.criteria) {
      problems.push('Level and Criteria are required');
    } else {
      const found = criteria.get(`${norm(r.level)}|${norm(r.criteria)}`) ?? [];
      if (found.length === 0) problems.push(`no criterion "${r.criteria}" on level "${r.level}"`);
      else if (found.length > 1) problems.push(`more than one criterion "${r.criteria}" on level "${r.level}"`);
      else criterion = found[0]!;
    }

    let score: number | null = null;
    let measured: ScoredFields | null = null;
    if (criterion?.kind === 'measured') {
      // A measured test's Score column holds the measurement with its unit ("11.04 s", "7/10"); the rule gives the points.
      const dob = playerId === null ? null : ((ctx.onlyPlayer?.id === playerId ? ctx.onlyPlayer : byId.get(playerId))?.dob ?? null);
      const read = readMeasurement(criterion, r.score, null, measuredAgeGroup(dob, ctx.date));
      if ('error' in read) problems.push(`Score: ${read.error}`);
      else [measured, score] = [read, read.score];
    } else if (criterion) {
      const parsed = parseScore(criterion.kind, r.score);
      if ('error' in parsed) problems.push(`Score: ${parsed.error}${criterion.kind === 'yes_no' ? '' : ' (1 to 10)'}`);
      else score = parsed.score;
    }

    if (r.notes.length > EVALUATION_NOTES_MAX) problems.push(`Notes: at most ${EVALUATION_NOTES_MAX} characters`);
    const videos = r.video ? r.video.split(/\s+/) : [];
    if (videos.some((v) => !urlSchema.safeParse(v).success)) problems.push('Video: please enter a valid http(s) link');

    if (problems.length) {
      errors.push(`row ${r.row}: ${problems.join('; ')}`);
      continue;
    }
    values.push({
      player_id: playerId!,
      criterion_id: criterion!.id,
      score: score!,
      score_percentage: measured ? measured.score_percentage : scorePercentage(criterion!.kind, score!, criterion!.weight),
      ...(measured
        ? { measured_value: measured.measured_value, measured_attempts: measured.measured_attempts, points_basis: measured.points_basis }
        : {}),
      evaluator_user_id: ctx.evaluatorUserId,
      evaluator_name: ctx.evaluatorName,
      date: ctx.date,
      notes: r.notes,
      video_links: JSON.stringify(videos),
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  }
  return { values, errors };
}

/** Errors shown in the red box: every bad row, capped so a wrong file does not flood the page. */
export function errorMessage(errors: readonly string[], shown = 50): string {
  const head = `${errors.length} ${errors.length === 1 ? 'row has' : 'rows have'} errors; nothing was imported.`;
  const list = errors.slice(0, shown).join('\n');
  const more = errors.length > shown ? `\n…and ${errors.length - shown} more.` : '';
  return `${head}\n${list}${more}`;
}

/**
 * The supersede rule (ADR 0005) for an import, decided in memory with the shared order
 * (currentEvaluations in scoring.ts) instead of re-ranking the pairs in SQL: which new rows are
 * current, and which current rows of their pairs become history. `existing` are the current rows of
 * the imported players. New rows get ids above every existing one, in file order, so they are
 * ranked with provisional ids in that order.
 */
export function supersede(
  existing: readonly CurrentRow[],
  values: readonly NewEvaluation[],
): { rows: (NewEvaluation & { is_current: 0 | 1 })[]; superseded: number[] } {
  let maxId = 0;
  for (const e of existing) if (e.id > maxId) maxId = e.id;
  const ranked = [
    ...existing.map((e) => ({
      playerId: e.player_id,
      criterionId: e.criterion_id,
      date: e.date,
      createdAt: e.created_at,
      id: e.id,
      scorePercentage: 0,
    })),
    ...values.map((v, i) => ({
      playerId: v.player_id,
      criterionId: v.criterion_id,
      date: v.date,
      createdAt: v.created_at,
      id: maxId + 1 + i,
      scorePercentage: 0,
    })),
  ];
  const winners = new Set(currentEvaluations(ranked).map((e) => e.id));
  return {
    rows: values.map((v, i) => ({ ...v, is_current: winners.has(maxId + 1 + i) ? 1 : 0 })),
    superseded: existing.filter((e) => !winners.has(e.id)).map((e) => e.id),
  };
}
