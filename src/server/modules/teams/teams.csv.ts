import { CSV_TEMPLATES } from '../../../shared/constants.js';
import { TEAM_NAME_MAX } from '../../../shared/schemas/team.js';
import { csvTable } from '../../lib/csv-text.js';
import { badRequest } from '../../lib/errors.js';
import type { CoachCandidate, TeamWrite } from './teams.repository.js';

/** POST /api/teams/bulk: checking every CSV row (CSV_TEMPLATES.teams). */

export interface CsvTeamRow {
  /** The line of the file the row ends on: the row number a spreadsheet shows (header = row 1). */
  row: number;
  name: string;
  coachEmail: string;
}

export function parseTeamCsv(content: Buffer): CsvTeamRow[] {
  const { columns, rows } = csvTable(content);
  const nameAt = columns.indexOf('name');
  const emailAt = columns.indexOf('coachemail');
  if (nameAt < 0 || emailAt < 0) {
    throw badRequest(
      `The first row must name the columns ${CSV_TEMPLATES.teams.join(', ')}. Download the CSV template to start from.`,
      'bulkFile',
    );
  }
  const out = rows.map(({ record, line }) => ({
    row: line,
    name: record[nameAt] ?? '',
    coachEmail: (record[emailAt] ?? '').toLowerCase(),
  }));
  if (!out.length) throw badRequest('The file has no teams in it.', 'bulkFile');
  return out;
}

/**
 * Checks every row against the coaches and the club's existing team names; returns every problem
 * ("row N: …") or, when there are none, the teams to create.
 */
export function checkTeamRows(
  rows: readonly CsvTeamRow[],
  ctx: { coaches: Map<string, CoachCandidate>; existingNames: Set<string>; categoryId: number; seasonId: number; where: string },
): { errors: string[]; teams: TeamWrite[] } {
  const errors: string[] = [];
  const teams: TeamWrite[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const problems: string[] = [];
    const key = r.name.toLowerCase();
    if (!r.name) problems.push('Name is required');
    else if (r.name.length > TEAM_NAME_MAX) problems.push(`Name is longer than ${TEAM_NAME_MAX} characters`);
    else if (ctx.existingNames.has(key)) problems.push(`a team named "${r.name}" already exists in ${ctx.where}`);
    else if (firstRowOf.has(key)) problems.push(`the team "${r.name}" is already on row ${firstRowOf.get(key)} of this file`);
    if (r.name && !firstRowOf.has(key)) firstRowOf.set(key, r.row);

    const coach = r.coachEmail ? ctx.coaches.get(r.coachEmail) : undefined;
    if (!r.coachEmail) problems.push('CoachEmail is required');
    else if (!coach) problems.push(`no user has the e-mail ${r.coachEmail}`);
    else if (!coach.coachRole) problems.push(`${r.coachEmail} is not in a coach role`);
    else if (!coach.active) problems.push(`${r.coachEmail} is suspended`);

    if (problems.length) errors.push(`row ${r.row}: ${problems.join('; ')}`);
    else if (coach) teams.push({ name: r.name, categoryId: ctx.categoryId, seasonId: ctx.seasonId, coachUserId: coach.id });
  }
  return { errors, teams };
}
