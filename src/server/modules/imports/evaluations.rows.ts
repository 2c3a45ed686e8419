import { EVALUATION_NOTES_MAX, parseScore, scoreLabel } from '../../../shared/schemas/evaluation.js';
import type { Decision, ImportMapping, PlanRow } from '../../../shared/schemas/import.js';
import type { Measure } from '../../../shared/schemas/criterion.js';
import { measuredLabel, type Attempt, type LevelKind } from '../../../shared/scoring.js';
import { measuredAgeGroup, readMeasurement, type ScoredFields } from '../evaluations/measured.service.js';
import { birthYear, foldName, type ExistingPlayer } from './players.rows.js';

/**
 * An evaluations file's rows checked and matched with no database access (docs/product.md#importing):
 * the kind hands in the players the caller may evaluate, the criteria, the closed seasons and the
 * evaluations already stored for the matched players.
 */

export interface ImportCriterion {
  id: number;
  name: string;
  levelName: string;
  kind: LevelKind;
  weight: number;
  measure: Measure | null;
}

export interface ExistingEvaluation {
  id: number;
  player_id: number;
  criterion_id: number;
  date: string;
  score: number;
  notes: string;
  is_current: number;
  measured_value?: number | null;
}

/** "11.04 s → 9 points, U14 bands" for a row's measurement. */
const storedLabel = (m: Measure, f: ScoredFields): string =>
  measuredLabel(m, f.measured_value!, f.score, f.points_basis!, JSON.parse(f.measured_attempts!) as Attempt[]);

export interface CheckContext {
  players: readonly ExistingPlayer[];
  criteria: readonly ImportCriterion[];
  today: string;
  /** Why a date is refused (evaluations.service dateProblem), or null. */
  dateProblem: (date: string) => string | null;
}

/** What classifying checked rows reads: closed seasons and the stored evaluations of the named players. */
export interface EvaluationContext {
  /** Player id → the closed season they only play in (docs/product.md#season-rollover). */
  closed: ReadonlyMap<number, string>;
  /** The current or latest stored evaluation per `player|criterion|date`. */
  existing: ReadonlyMap<string, ExistingEvaluation>;
}

const fold = (s: string) => foldName(s.trim());
export const evaluationKey = (playerId: number, criterionId: number, date: string) => `${playerId}|${criterionId}|${date}`;

/** A date as YYYY-MM-DD from ISO (a workbook's time dropped) or day-first DD.MM.YYYY / DD/MM/YYYY, or null. */
export function importDate(raw: string): string | null {
  const v = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(v);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dm = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(v);
  if (dm) return `${dm[3]}-${dm[2]!.padStart(2, '0')}-${dm[1]!.padStart(2, '0')}`;
  return null;
}

interface Resolved {
  player: ExistingPlayer;
  criterion: ImportCriterion;
  score: number;
  date: string;
  notes: string;
  /** A measured test: the value kept from the cell ("11.04 s", "7/10"), its attempts and how it got its points. */
  measured?: ScoredFields;
}

/** Which of the caller's players the row names, or why none. */
function findPlayer(cell: (k: string) => string, byId: Map<number, ExistingPlayer>, byName: Map<string, ExistingPlayer[]>) {
  const idText = cell('player_id');
  if (idText !== '') {
    const id = /^\d{1,12}$/.test(idText) ? Number(idText) : NaN;
    const p = byId.get(id);
    return p ? { player: p } : { problem: `Unknown player: no player with ID ${idText} among the players you can evaluate.` };
  }
  const first = cell('first_name');
  const last = cell('last_name');
  if (!first || !last) return { problem: 'Name the player: fill in the player ID, or the first and last name.' };
  const who = `${first} ${last}`;
  const dobText = cell('dob');
  const email = cell('email').toLowerCase();
  const year = birthYear(dobText);
  if (year === 'bad') return { problem: `Birth year “${dobText}” is not a year or a date.` };
  if (year === null && !email) return { problem: `Add the birth year or the parent e-mail to tell which player “${who}” is.` };
  const named = byName.get(`${fold(first)}|${fold(last)}`) ?? [];
  const found = named.filter(
    (p) => (year === null || p.dob === year) && (!email || p.emails.some((e) => e.trim().toLowerCase() === email)),
  );
  const detail = [year !== null ? `born ${year}` : '', email ? `parent e-mail ${email}` : ''].filter(Boolean).join(', ');
  if (found.length === 0) return { problem: `Unknown player: none of the players you can evaluate is ${who} (${detail}).` };
  if (found.length > 1) return { problem: `More than one player is ${who} (${detail}); use the Player ID column.` };
  return { player: found[0]! };
}

function findCriterion(cell: (k: string) => string, byName: Map<string, ImportCriterion[]>) {
  const name = cell('criterion');
  const level = cell('level');
  if (!name) return { problem: 'Criterion is missing.' };
  const named = byName.get(fold(name)) ?? [];
  const found = level ? named.filter((c) => fold(c.levelName) === fold(level)) : named;
  if (found.length === 0) return { problem: `Unknown criterion “${name}”${level ? ` on the level “${level}”` : ''}.` };
  if (found.length > 1)
    return { problem: `“${name}” is a criterion of more than one level (${found.map((c) => c.levelName).join(', ')}); fill in the level.` };
  return { criterion: found[0]! };
}

/** One row's values, or what is wrong with it in plain words. */
function checkRow(
  cells: readonly string[],
  mapping: ImportMapping,
  ctx: CheckContext,
  byId: Map<number, ExistingPlayer>,
  byName: Map<string, ExistingPlayer[]>,
  criteria: Map<string, ImportCriterion[]>,
) {
  const cell = (key: string) => {
    const at = mapping[key];
    return at === null || at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const reasons: string[] = [];
  const p = findPlayer(cell, byId, byName);
  if ('problem' in p) reasons.push(p.problem!);
  const c = findCriterion(cell, criteria);
  if ('problem' in c) reasons.push(c.problem!);
  let score: number | null = null;
  let measured: ScoredFields | undefined;
  const rawScore = cell('score');
  const rawDate = cell('date');
  const date = rawDate === '' ? ctx.today : importDate(rawDate);
  if ('criterion' in c && c.criterion!.kind === 'measured') {
    // The Score column holds the measurement with its unit; the rule gives the points (age group in the row's year).
    const dob = 'player' in p ? (p.player!.dob ?? null) : null;
    const read = readMeasurement(c.criterion!, rawScore, null, measuredAgeGroup(dob, date ?? ctx.today));
    if ('error' in read) reasons.push(rawScore === '' ? 'Score is missing.' : read.error);
    else [measured, score] = [read, read.score];
  } else if ('criterion' in c) {
    const parsed = parseScore(c.criterion!.kind, rawScore);
    if ('score' in parsed) score = parsed.score;
    else if (rawScore === '') reasons.push('Score is missing.');
    else if (c.criterion!.kind === 'yes_no')
      reasons.push(`Score “${rawScore}” is not Yes or No, as the level “${c.criterion!.levelName}” is scored.`);
    else
      reasons.push(
        `Score “${rawScore}” is out of range: the level “${c.criterion!.levelName}” is scored with a whole number from 1 to 10.`,
      );
  }
  if (date === null) reasons.push(`Date “${rawDate}” is not a date (YYYY-MM-DD or DD.MM.YYYY).`);
  else {
    const problem = ctx.dateProblem(date);
    if (problem) reasons.push(`Date “${rawDate}”: ${problem}`);
  }
  const notes = cell('notes');
  if (notes.length > EVALUATION_NOTES_MAX) reasons.push(`Notes are longer than ${EVALUATION_NOTES_MAX} characters.`);
  const raw: Record<string, string> = {};
  for (const key of Object.keys(mapping)) raw[key] = cell(key);
  if (reasons.length) return { reasons, raw };
  return {
    reasons,
    raw,
    resolved: {
      player: p.player!,
      criterion: c.criterion!,
      score: score!,
      date: date!,
      notes,
      ...(measured ? { measured } : {}),
    } satisfies Resolved,
  };
}

/** Every row's values resolved against the caller's players and the criteria, or its reasons. */
export function checkEvaluationRows(rows: readonly string[][], mapping: ImportMapping, ctx: CheckContext): CheckedRow[] {
  const byId = new Map(ctx.players.map((p) => [p.id, p]));
  const byName = new Map<string, ExistingPlayer[]>();
  for (const p of ctx.players) {
    const k = `${fold(p.first_name)}|${fold(p.last_name)}`;
    byName.set(k, [...(byName.get(k) ?? []), p]);
  }
  // Criteria folded once, not once per row: a file names a few criteria thousands of times.
  const criteria = new Map<string, ImportCriterion[]>();
  for (const c of ctx.criteria) criteria.set(fold(c.name), [...(criteria.get(fold(c.name)) ?? []), c]);
  return rows.map((cells) => checkRow(cells, mapping, ctx, byId, byName, criteria));
}

export type CheckedRow = ReturnType<typeof checkRow>;

/**
 * Every row's status and action. A duplicate candidate is a row for the same player, criterion and
 * date as an earlier row (create anew or skip, the default) or as a stored evaluation: update it
 * (link, the default: its score and notes become the row's), create a new one beside it (which, as
 * the newer, becomes the current one) or skip. Invalid rows are skipped.
 */
export function planEvaluationRows(
  checked: readonly CheckedRow[],
  lines: readonly number[],
  ctx: EvaluationContext,
  decisions: Readonly<Record<string, Decision>>,
): PlanRow[] {
  const inFile = new Map<string, number>();
  const plan: PlanRow[] = [];
  for (let i = 0; i < checked.length; i++) {
    const line = lines[i]!;
    const { raw } = checked[i]!;
    let { reasons, resolved } = checked[i]!;
    const season = resolved ? ctx.closed.get(resolved.player.id) : undefined;
    if (season) {
      reasons = [`The season ${season} is closed for evaluations.`];
      resolved = undefined;
    }
    if (!resolved) {
      const who = raw.player_id ? `Player ${raw.player_id}` : `${raw.first_name ?? ''} ${raw.last_name ?? ''}`.trim();
      const label = [who, raw.criterion, raw.score].filter(Boolean).join(' · ');
      plan.push({ line, status: 'invalid', reasons, values: raw, candidate: null, choices: [], action: 'skip', label });
      continue;
    }
    const { player, criterion, score, date, notes, measured } = resolved;
    const shown = measured && criterion.measure ? storedLabel(criterion.measure, measured) : scoreLabel(criterion.kind, score);
    const label = `${player.first_name} ${player.last_name} · ${criterion.name} ${shown} · ${date}`;
    const values: Record<string, string> = {
      ...raw,
      player: String(player.id),
      criterion: String(criterion.id),
      score: String(score),
      date,
      notes,
    };
    // The plan keeps the measurement as text: the commit writes what the preview showed.
    if (measured) {
      values.measured_value = String(measured.measured_value);
      values.measured_attempts = measured.measured_attempts!;
      values.points_basis = measured.points_basis!;
    }
    const key = evaluationKey(player.id, criterion.id, date);
    const chosen = decisions[String(line)];
    const earlier = inFile.get(key);
    if (earlier !== undefined) {
      const choices: Decision[] = ['create', 'skip'];
      const action = chosen && choices.includes(chosen) ? chosen : 'skip';
      plan.push({
        line,
        status: 'duplicate',
        reasons: [],
        values,
        candidate: { kind: 'file', line: earlier, by: 'name' },
        choices,
        action,
        label,
      });
      continue;
    }
    inFile.set(key, line);
    const stored = ctx.existing.get(key);
    if (stored) {
      const choices: Decision[] = ['link', 'create', 'skip'];
      const decision = chosen && choices.includes(chosen) ? chosen : 'link';
      const same =
        stored.score === score && stored.notes === notes && (stored.measured_value ?? null) === (measured?.measured_value ?? null);
      const action = decision === 'link' ? (same ? 'link' : 'update') : decision;
      plan.push({
        line,
        status: 'duplicate',
        reasons: [],
        values,
        candidate: {
          kind: 'record',
          id: stored.id,
          name: `${player.first_name} ${player.last_name}: ${criterion.name} ${scoreLabel(criterion.kind, stored.score)} on ${date}`,
          why: same
            ? 'the same player, criterion, date and score are already stored'
            : 'the same player, criterion and date are already stored',
        },
        choices,
        action,
        label,
      });
      continue;
    }
    plan.push({ line, status: 'valid', reasons: [], values, candidate: null, choices: [], action: 'create', label });
  }
  return plan;
}
