import type { Kysely } from 'kysely';
import { ageGroupOf, fitsAgeGroup, nameAYearOn, seasonYear } from '../../../shared/age-groups.js';
import type { Actor } from '../../../shared/permissions.js';
import type { RolloverCommitBody, RolloverPlan, RolloverResult } from '../../../shared/schemas/rollover.js';
import type { DB } from '../../db/types.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './rollover.repository.js';

/**
 * Season rollover (ADR 0024): the source season's teams are copied into the target season with their
 * age groups a year on, the ticked players carried over, and the source season closed for evaluations.
 * It writes no mail. A second run finds the teams it made (rolled_from_team_id) and players already
 * placed in the target season, so it creates nothing twice.
 */

type Db = Kysely<DB>;

async function seasons(db: Db, from: number, to: number) {
  const [source, target] = await Promise.all([repo.seasonById(db, from), repo.seasonById(db, to)]);
  if (!source || !target) throw notFound('Season not found.');
  const side = (s: NonNullable<typeof source>) => ({ id: s.id, name: s.name, year: seasonYear(s.name), closed: s.closed_at !== null });
  return { source: side(source), target: side(target) };
}

/** Too old for every age group of the target season (false when the year, the groups or the birth year is unknown). */
function agesOutOf(groups: readonly number[], year: number | null) {
  return (birthYear: number | null) =>
    year !== null && birthYear !== null && groups.length > 0 && groups.every((g) => !fitsAgeGroup(birthYear, g, year));
}

async function targetGroups(db: Db, targetSeasonId: number, rolledNames: readonly string[]): Promise<number[]> {
  const others = await repo.otherTargetTeamNames(db, targetSeasonId);
  return [...rolledNames, ...others.map((t) => t.name)].map(ageGroupOf).filter((g): g is number => g !== null);
}

export async function plan(db: Db, from: number, to: number): Promise<RolloverPlan> {
  const { source, target } = await seasons(db, from, to);
  const [teams, members, placed] = await Promise.all([
    repo.sourceTeams(db, from, to),
    repo.sourceMembers(db, from),
    repo.placedInSeason(db, to),
  ]);
  const names = teams.map((t) => nameAYearOn(t.name));
  const agesOut = agesOutOf(await targetGroups(db, to, names), target.year);
  const placedIn = new Map(placed.map((p) => [p.player_id, p.name]));
  return {
    source,
    target,
    teams: teams.map((t, i) => ({
      source_team_id: t.id,
      source_name: t.name,
      name: names[i]!,
      club: t.club,
      coach_name: `${t.first_name} ${t.last_name}`,
      age_group: ageGroupOf(names[i]!),
      existing_team_id: t.rolled_id ?? null,
    })),
    players: members.map((m) => ({
      player_id: m.player_id,
      name: `${m.first_name} ${m.last_name}`,
      birth_year: m.dob,
      source_team_id: m.team_id,
      ages_out: agesOut(m.dob),
      placed_in: placedIn.get(m.player_id) ?? null,
    })),
  };
}

class DryRun extends Error {
  constructor(readonly result: RolloverResult) {
    super('dry run');
  }
}

export async function commit(db: Db, actor: Actor, body: RolloverCommitBody): Promise<RolloverResult> {
  const { source, target } = await seasons(db, body.from, body.to);
  try {
    return await db.transaction().execute(async (trx) => {
      const [teams, members] = await Promise.all([repo.sourceTeams(trx, body.from, body.to), repo.sourceMembers(trx, body.from)]);
      const byId = new Map(teams.map((t) => [t.id, t]));
      const chosen = new Map<number, string>();
      for (const t of body.teams) {
        if (!byId.has(t.source_team_id)) throw badRequest(`Team ${t.source_team_id} is not a team of the season ${source.name}.`, 'teams');
        chosen.set(t.source_team_id, t.name);
      }
      const memberships = new Set(members.map((m) => `${m.team_id}:${m.player_id}`));
      for (const p of body.players) {
        if (!memberships.has(`${p.source_team_id}:${p.player_id}`))
          throw badRequest(`Player ${p.player_id} is not in team ${p.source_team_id} of the season ${source.name}.`, 'players');
        if (!chosen.has(p.source_team_id))
          throw badRequest(`Player ${p.player_id}'s team is not rolled over: tick the team or untick the player.`, 'players');
      }

      const missing = [...chosen].filter(([id]) => byId.get(id)!.rolled_id === null);
      const created = await repo.insertTeams(
        trx,
        body.to,
        missing.map(([id, name]) => ({
          name,
          category_id: byId.get(id)!.category_id,
          coach_user_id: byId.get(id)!.coach_user_id,
          rolled_from_team_id: id,
        })),
      );
      const targetTeam = (sourceId: number) => byId.get(sourceId)!.rolled_id ?? created.get(sourceId)!;

      // Found done already: every source player in a team of the target season, ticked or not (the
      // wizard cannot tick them), so that a second run reports the first one's work as done.
      const placedBefore = new Set((await repo.placedInSeason(trx, body.to)).map((p) => p.player_id));
      const sourcePlayers = new Set(members.map((m) => m.player_id));
      const placed = new Set(placedBefore);
      const agesOut = agesOutOf(await targetGroups(trx, body.to, []), target.year);
      const dob = new Map(members.map((m) => [m.player_id, m.dob]));
      const rows: { team_id: number; player_id: number }[] = [];
      for (const p of body.players) {
        if (placed.has(p.player_id)) continue;
        placed.add(p.player_id);
        rows.push({ team_id: targetTeam(p.source_team_id), player_id: p.player_id });
      }
      await repo.insertMemberships(trx, rows);
      const carried = new Set(body.players.map((p) => p.player_id));
      const result: RolloverResult = {
        dry_run: body.dry_run,
        teams_created: missing.length,
        teams_kept: chosen.size - missing.length,
        players_added: rows.length,
        players_already_placed: [...sourcePlayers].filter((id) => placedBefore.has(id)).length,
        players_not_carried: [...sourcePlayers].filter((id) => !carried.has(id) && !placedBefore.has(id)).length,
        aged_out_carried: rows.filter((r) => agesOut(dob.get(r.player_id) ?? null)).length,
        source_closed: !source.closed,
      };
      if (body.dry_run) throw new DryRun(result);
      await repo.closeSeason(trx, body.from);
      await recordAudit(
        trx,
        actor,
        'create',
        'rollover',
        body.to,
        `${source.name} → ${target.name}: ${result.teams_created} team(s) created, ${result.teams_kept} kept, ${result.players_added} player(s) added, ${result.players_already_placed} already placed; ${source.name} closed for evaluations`,
      );
      return result;
    });
  } catch (e) {
    if (e instanceof DryRun) return e.result;
    if (isUniqueViolation(e)) throw conflict('Another rollover into this season ran at the same time. Reload to see what it made.');
    throw e;
  }
}

export async function reopen(db: Db, actor: Actor, seasonId: number): Promise<void> {
  const season = await repo.seasonById(db, seasonId);
  if (!season) throw notFound('Season not found.');
  await db.transaction().execute(async (trx) => {
    if (await repo.reopenSeason(trx, seasonId))
      await recordAudit(trx, actor, 'update', 'season', seasonId, `${season.name} reopened for evaluations`);
  });
}
