import { DOB_MAX_YEAR, DOB_MIN_YEAR } from '../../../shared/constants.js';
import { NAME_MAX } from '../../../shared/schemas/common.js';
import type { Decision, ImportMapping, PlanRow } from '../../../shared/schemas/import.js';

/**
 * A players file's rows checked and matched, with no database access: the repository hands in the
 * players the caller reaches, so the same function plans the preview and is tested on its own.
 */

export interface PlayerValues {
  first_name: string;
  last_name: string;
  email: string;
  dob: number | null;
  birth_date: string | null;
}

export interface ExistingPlayer {
  id: number;
  first_name: string;
  last_name: string;
  dob: number | null;
  /** The parent e-mail and every guardian's e-mail of the player. */
  emails: readonly string[];
  inTeam: boolean;
}

/** Case, accents, spaces, dashes and apostrophes folded: "Zoë Anne-Marie" and "zoe annemarie" are one name. */
export const foldName = (s: string): string =>
  // Plain ASCII (most names) has no accents to take off: normalize is skipped, a 10,000-row file's largest cost.
  (/^[\x20-\x7e]*$/.test(s) ? s : s.normalize('NFD').replace(/\p{M}/gu, '')).toLowerCase().replace(/[\s\-'’.]/g, '');

/** The pattern of zod's z.email() (a compiled regex, without zod's per-call cost on 10,000 rows). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A birth year from a year or a date (2012, 2012-05-03, 03/05/2012, 3.5.2012, an ISO time from a workbook). */
export function birthYear(raw: string): number | null | 'bad' {
  const v = raw.trim();
  if (v === '') return null;
  const m = /^(\d{4})(?:[-/.]\d{1,2}[-/.]\d{1,2}(?:[T ].*)?)?$/.exec(v) ?? /^\d{1,2}[-/.]\d{1,2}[-/.](\d{4})$/.exec(v);
  return m ? Number(m[1]) : 'bad';
}

/** A birth date YYYY-MM-DD (a workbook's ISO time keeps its day) in the birth years, null when empty. */
export function birthDate(raw: string): string | null | 'bad' {
  const v = raw.trim();
  if (v === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(v);
  if (!m) return 'bad';
  const day = m[1]!;
  const d = new Date(`${day}T00:00:00Z`);
  const year = Number(day.slice(0, 4));
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day && year >= DOB_MIN_YEAR && year <= DOB_MAX_YEAR ? day : 'bad';
}

/** The row's values and what is wrong with them, in plain words. */
export function checkRow(
  cells: readonly string[],
  mapping: ImportMapping,
): { values: PlayerValues; raw: Record<string, string>; reasons: string[] } {
  const cell = (key: string) => {
    const at = mapping[key];
    return at === null || at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const raw: { first_name: string; last_name: string; email: string; dob: string; birth_date?: string } = {
    first_name: cell('first_name'),
    last_name: cell('last_name'),
    email: cell('email'),
    dob: cell('dob'),
  };
  if (mapping.birth_date !== null && mapping.birth_date !== undefined) raw.birth_date = cell('birth_date');
  const reasons: string[] = [];
  const name = (key: 'first_name' | 'last_name', label: string) => {
    if (raw[key] === '') reasons.push(`${label} is missing.`);
    else if (raw[key].length > NAME_MAX) reasons.push(`${label} is longer than ${NAME_MAX} characters.`);
  };
  name('first_name', 'First name');
  name('last_name', 'Last name');
  const email = raw.email.toLowerCase();
  if (email === '') reasons.push('Parent e-mail is missing.');
  else if (email.length > 320 || !EMAIL.test(email)) reasons.push(`Parent e-mail “${raw.email}” is not an e-mail address.`);
  const year = birthYear(raw.dob);
  if (year === 'bad') reasons.push(`Birth year “${raw.dob}” is not a year or a date.`);
  else if (year !== null && (year < DOB_MIN_YEAR || year > DOB_MAX_YEAR))
    reasons.push(`Birth year ${year} is outside ${DOB_MIN_YEAR}–${DOB_MAX_YEAR}.`);
  const day = birthDate(raw.birth_date ?? '');
  if (day === 'bad')
    reasons.push(`Birth date “${raw.birth_date}” is not a date in the format YYYY-MM-DD from ${DOB_MIN_YEAR} to ${DOB_MAX_YEAR}.`);
  else if (day !== null && typeof year === 'number' && Number(day.slice(0, 4)) !== year)
    reasons.push(`Birth date ${day} is not in the birth year ${year}.`);
  const dated = typeof day === 'string' ? day : null;
  return {
    values: {
      first_name: raw.first_name,
      last_name: raw.last_name,
      email,
      dob: typeof year === 'number' ? year : dated ? Number(dated.slice(0, 4)) : null,
      birth_date: dated,
    },
    raw,
    reasons,
  };
}

const nameKey = (v: { first_name: string; last_name: string; dob: number | null }) =>
  `${foldName(v.first_name)}|${foldName(v.last_name)}|${v.dob ?? ''}`;
const emailKey = (first: string, email: string) => `${foldName(first)}|${email.trim().toLowerCase()}`;

/**
 * Every row's status and action. A duplicate candidate is a row with the same folded name and birth
 * year as a player the caller reaches or an earlier row, or the same folded first name and a shared
 * guardian e-mail. Against a player it may be linked (the default), created anew or skipped; against
 * an earlier row created or skipped (the default). Invalid rows are skipped. A linked player whose
 * birth year is empty takes the row's: that row counts as updated (only the first such row per player).
 */
export function planRows(
  rows: readonly string[][],
  lines: readonly number[],
  mapping: ImportMapping,
  existing: readonly ExistingPlayer[],
  decisions: Readonly<Record<string, Decision>>,
): PlanRow[] {
  const checked = rows.map((cells) => checkRow(cells, mapping));
  // Only e-mails the file has can match: the others' keys are not built (most of a large club).
  const fileEmails = new Set(checked.map((c) => c.values.email));
  const byName = new Map<string, ExistingPlayer>();
  const byEmail = new Map<string, ExistingPlayer>();
  for (const p of existing) {
    const k = nameKey(p);
    if (!byName.has(k)) byName.set(k, p);
    for (const e of p.emails) {
      if (!fileEmails.has(e.trim().toLowerCase())) continue;
      const ek = emailKey(p.first_name, e);
      if (!byEmail.has(ek)) byEmail.set(ek, p);
    }
  }
  const fileName = new Map<string, number>();
  const fileEmail = new Map<string, number>();
  const updated = new Set<number>();
  const plan: PlanRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const line = lines[i]!;
    const { values, raw, reasons } = checked[i]!;
    if (reasons.length) {
      plan.push({ line, status: 'invalid', reasons, values: raw, candidate: null, choices: [], action: 'skip' });
      continue;
    }
    const nk = nameKey(values);
    const ek = emailKey(values.first_name, values.email);
    const byN = byName.get(nk);
    const match = byN ?? byEmail.get(ek);
    const chosen = decisions[String(line)];
    if (match) {
      const by = byN ? 'name' : 'email';
      const choices: Decision[] = ['link', 'create', 'skip'];
      const decision = chosen && choices.includes(chosen) ? chosen : 'link';
      let action: PlanRow['action'] = decision;
      if (decision === 'link' && match.dob === null && values.dob !== null && !updated.has(match.id)) {
        updated.add(match.id);
        action = 'update';
      }
      const name = `${match.first_name} ${match.last_name}`;
      plan.push({
        line,
        status: 'duplicate',
        reasons: [],
        values: raw,
        candidate: { kind: 'existing', player_id: match.id, name, dob: match.dob, by },
        choices,
        action,
      });
      continue;
    }
    const earlierN = fileName.get(nk);
    const earlier = earlierN ?? fileEmail.get(ek);
    if (!fileName.has(nk)) fileName.set(nk, line);
    if (!fileEmail.has(ek)) fileEmail.set(ek, line);
    if (earlier !== undefined) {
      const choices: Decision[] = ['create', 'skip'];
      const decision = chosen && choices.includes(chosen) ? chosen : 'skip';
      plan.push({
        line,
        status: 'duplicate',
        reasons: [],
        values: raw,
        candidate: { kind: 'file', line: earlier, by: earlierN !== undefined ? 'name' : 'email' },
        choices,
        action: decision,
      });
      continue;
    }
    plan.push({ line, status: 'valid', reasons: [], values: raw, candidate: null, choices: [], action: 'create' });
  }
  return plan;
}

/** The preview's counts: one per row, from its action. */
export function countPlan(plan: readonly PlanRow[]) {
  const counts = { created: 0, updated: 0, linked: 0, skipped: 0 };
  for (const r of plan) {
    if (r.action === 'create') counts.created++;
    else if (r.action === 'update') counts.updated++;
    else if (r.action === 'link') counts.linked++;
    else counts.skipped++;
  }
  return counts;
}
