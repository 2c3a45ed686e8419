import { TEAM_IMPORT_FIELDS, type Decision, type ImportCounts, type PlanRow } from '../../../shared/schemas/import.js';
import { TEAM_NAME_MAX } from '../../../shared/schemas/team.js';
import { nowIso } from '../../lib/time.js';
import { coachesByEmail } from '../teams/teams.repository.js';
import type { NewEffect } from './imports.repository.js';
import type { KindHandler, UndoOutcome } from './kind.js';
import { foldName } from './players.rows.js';
import * as repo from './teams-import.repository.js';

/**
 * The teams kind of the import engine (docs/product.md#importing): name, club, season, coach e-mail.
 * A team name is unique per club and season (folded), so a row naming an existing team is a
 * duplicate candidate: link (its coach becomes the row's) or skip; a second row for one team in the
 * file is invalid.
 */

const fold = (s: string) => foldName(s.trim());

export const teamsKind: KindHandler = {
  fields: TEAM_IMPORT_FIELDS,
  usesTeam: false,
  entity: 'team',
  fingerprint: repo.teamFingerprint,

  async plan(db, _actor, { rows, lines, mapping, decisions }) {
    const cellOf = (cells: readonly string[]) => (key: string) => {
      const at = mapping[key];
      return at === null || at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const clubs = new Map((await repo.namedRows(db, 'categories')).map((c) => [fold(c.name), c]));
    const seasons = new Map((await repo.namedRows(db, 'seasons')).map((c) => [fold(c.name), c]));
    const emailAt = mapping.coach_email;
    const coaches = await coachesByEmail(
      db,
      typeof emailAt === 'number' ? rows.map((r) => (r[emailAt] ?? '').trim().toLowerCase()).filter(Boolean) : [],
    );
    const teams = new Map((await repo.allTeams(db)).map((t) => [`${t.category_id}|${t.season_id}|${fold(t.name)}`, t]));
    const inFile = new Map<string, number>();
    const plan: PlanRow[] = [];
    for (let i = 0; i < rows.length; i++) {
      const line = lines[i]!;
      const cell = cellOf(rows[i]!);
      const raw = { name: cell('name'), category: cell('category'), season: cell('season'), coach_email: cell('coach_email') };
      const reasons: string[] = [];
      if (!raw.name) reasons.push('Team name is missing.');
      else if (raw.name.length > TEAM_NAME_MAX) reasons.push(`Team name is longer than ${TEAM_NAME_MAX} characters.`);
      const club = clubs.get(fold(raw.category));
      if (!raw.category) reasons.push('Club is missing.');
      else if (!club) reasons.push(`Unknown club “${raw.category}”: add it in Settings first.`);
      const season = seasons.get(fold(raw.season));
      if (!raw.season) reasons.push('Season is missing.');
      else if (!season) reasons.push(`Unknown season “${raw.season}”: add it in Settings first.`);
      const email = raw.coach_email.toLowerCase();
      const coach = coaches.get(email);
      if (!email) reasons.push('Coach e-mail is missing.');
      else if (!coach) reasons.push(`No user has the e-mail ${raw.coach_email}.`);
      else if (!coach.coachRole) reasons.push(`${raw.coach_email} is not in a coach role.`);
      else if (!coach.active) reasons.push(`${raw.coach_email} is suspended.`);
      const key = club && season ? `${club.id}|${season.id}|${fold(raw.name)}` : '';
      const earlier = key ? inFile.get(key) : undefined;
      if (earlier !== undefined)
        reasons.push(`Row ${earlier} of the file is already the team “${raw.name}” of ${raw.category} ${raw.season}.`);
      if (reasons.length || !club || !season || !coach) {
        plan.push({ line, status: 'invalid', reasons, values: raw, candidate: null, choices: [], action: 'skip', label: raw.name });
        continue;
      }
      inFile.set(key, line);
      const values = { ...raw, category_id: String(club.id), season_id: String(season.id), coach_user_id: String(coach.id) };
      const label = `${raw.name} (${club.name}, ${season.name})`;
      const existing = teams.get(key);
      if (existing) {
        const choices: Decision[] = ['link', 'skip'];
        const chosen = decisions[String(line)];
        const decision = chosen && choices.includes(chosen) ? chosen : 'link';
        const action = decision === 'skip' ? 'skip' : existing.coach_user_id === coach.id ? 'link' : 'update';
        plan.push({
          line,
          status: 'duplicate',
          reasons: [],
          values,
          candidate: {
            kind: 'record',
            id: existing.id,
            name: `${existing.name} (${club.name}, ${season.name})`,
            why:
              existing.coach_user_id === coach.id
                ? 'the same name, club, season and coach'
                : 'the same name in this club and season; linking makes the row’s coach its coach',
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
  },

  async commit(trx, _actor, { plan }) {
    const effects: NewEffect[] = [];
    const counts: ImportCounts = { created: 0, updated: 0, linked: 0, skipped: 0 };
    const now = nowIso();
    for (const r of plan) {
      if (r.action === 'create') {
        const id = await repo.insertTeam(
          trx,
          {
            name: r.values.name!,
            category_id: Number(r.values.category_id),
            season_id: Number(r.values.season_id),
            coach_user_id: Number(r.values.coach_user_id),
          },
          now,
        );
        effects.push({ effect: 'team_created', target_id: id, team_id: null, before: null });
        counts.created++;
      } else if (r.action === 'update' && r.candidate?.kind === 'record') {
        const [old] = await repo.teamsByIds(trx, [r.candidate.id]);
        await repo.setCoach(trx, r.candidate.id, Number(r.values.coach_user_id), now);
        effects.push({
          effect: 'team_updated',
          target_id: r.candidate.id,
          team_id: null,
          before: JSON.stringify({ coach_user_id: old!.coach_user_id, written: now }),
        });
        counts.updated++;
      } else if (r.action === 'link') counts.linked++;
      else counts.skipped++;
    }
    return { counts, effects };
  },

  /** Removes the teams it created that nothing was attached to since, and gives updated teams their coach back. */
  async undo(trx, { effects, committedAt }): Promise<UndoOutcome> {
    const kept: string[] = [];
    const created = await repo.teamsByIds(
      trx,
      effects.filter((e) => e.effect === 'team_created').map((e) => e.target_id),
    );
    const deps = await repo.laterTeamDependencies(
      trx,
      created.map((t) => t.id),
      committedAt,
    );
    for (const t of created) {
      const why = deps.get(t.id);
      if (why) kept.push(`The team ${t.name} was kept: since the import ${why.join(', ')}.`);
    }
    const removable = created.filter((t) => !deps.has(t.id)).map((t) => t.id);
    await repo.deleteTeams(trx, removable);
    let restored = 0;
    const updated = effects.filter((e) => e.effect === 'team_updated');
    const names = new Map(
      (
        await repo.teamsByIds(
          trx,
          updated.map((e) => e.target_id),
        )
      ).map((t) => [t.id, t.name]),
    );
    for (const e of updated) {
      if (!names.has(e.target_id)) continue;
      const was = JSON.parse(e.before ?? '{}') as { coach_user_id: number; written: string };
      if (await repo.restoreCoach(trx, e.target_id, was.written, was.coach_user_id)) restored++;
      else kept.push(`The team ${names.get(e.target_id)} keeps its coach: it was edited after the import.`);
    }
    return { removed: removable.length, restored, kept };
  },
};
