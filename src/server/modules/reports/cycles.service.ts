import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { Cycle, CycleSaved, StateCounts } from '../../../shared/schemas/report.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { assertTeamsReachable, cycleReach, editableCycle, readableCycle, type CycleReach } from '../../policies/reports.js';
import { reachableTeamIds } from '../../policies/teams.js';
import { describeChanges } from '../audit/changes.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './cycles.repository.js';

type Db = Kysely<DB>;
type Saved = CycleSaved;

const emptyCounts = (): StateCounts => ({ none: 0, draft: 0, approved: 0, sent: 0, viewed: 0, revoked: 0 });

async function present(db: Db, rows: repo.CycleRow[], reachable: number[] | null): Promise<Cycle[]> {
  const ids = rows.map((r) => r.id);
  const [teams, states] = await Promise.all([repo.cycleTeams(db, ids), repo.reportStates(db, ids)]);
  return rows.map((r) => {
    const all = teams.filter((t) => t.cycle_id === r.id);
    const reach = cycleReach(
      reachable,
      all.map((t) => t.id),
    );
    const counts = emptyCounts();
    for (const s of states) {
      if (s.cycle_id === r.id && reach.teamIds.includes(s.team_id) && s.state in counts) counts[s.state as keyof StateCounts]++;
    }
    return {
      id: r.id,
      name: r.name,
      season: { id: r.season_id, name: r.season_name },
      opens_on: r.opens_on,
      closes_on: r.closes_on,
      show_team_average: !!Number(r.show_team_average),
      show_rank: !!Number(r.show_rank),
      teams: all.filter((t) => reach.teamIds.includes(t.id)).map((t) => ({ id: t.id, name: t.name })),
      editable: reach.whole,
      counts,
      updated_at: r.updated_at,
    };
  });
}

export async function listCycles(db: Db, actor: Actor): Promise<Cycle[]> {
  const reachable = await reachableTeamIds(db, actor);
  return present(db, await repo.listCycles(db, reachable), reachable);
}

/** The cycle's team ids, or undefined when there is no such cycle. */
export async function cycleTeamIds(db: Db, id: number): Promise<number[] | undefined> {
  if (!(await repo.findCycle(db, id))) return undefined;
  return (await repo.cycleTeams(db, [id])).map((t) => t.id);
}

export async function getCycle(db: Db, actor: Actor, id: number): Promise<Cycle> {
  const reach = await readableCycle(db, actor, await cycleTeamIds(db, id));
  const [cycle] = await present(db, [(await repo.findCycle(db, id))!], reach.reachable);
  return cycle!;
}

async function checkRefs(db: Db, input: Saved): Promise<number[]> {
  if (!(await repo.seasonExists(db, input.season_id))) throw badRequest('This season does not exist.', 'season_id');
  const teamIds = [...new Set(input.team_ids)];
  const found = await repo.existingTeamIds(db, teamIds);
  if (found.length !== teamIds.length) throw badRequest('A chosen team does not exist.', 'team_ids');
  return teamIds;
}

const values = (input: Saved): repo.CycleValues => ({
  name: input.name,
  season_id: input.season_id,
  opens_on: input.opens_on,
  closes_on: input.closes_on,
  show_team_average: input.show_team_average ? 1 : 0,
  show_rank: input.show_rank ? 1 : 0,
});

export async function createCycle(db: Db, actor: Actor, input: Saved): Promise<Cycle> {
  const teamIds = await checkRefs(db, input);
  await assertTeamsReachable(db, actor, teamIds);
  const now = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertCycle(trx, { ...values(input), created_by: actor.id, created_at: now, updated_at: now });
    await repo.replaceCycleTeams(trx, id, teamIds);
    await recordAudit(
      trx,
      actor,
      'create',
      'report_cycle',
      id,
      `${input.name} (${input.opens_on} – ${input.closes_on}), ${teamIds.length} teams`,
    );
    return id;
  });
  return getCycle(db, actor, id);
}

export async function updateCycle(db: Db, actor: Actor, id: number, input: Saved): Promise<Cycle> {
  const reach: CycleReach = await editableCycle(db, actor, await cycleTeamIds(db, id));
  const teamIds = await checkRefs(db, input);
  await assertTeamsReachable(db, actor, teamIds);
  const withReports = await repo.teamsWithReports(db, id);
  if (withReports.some((t) => !teamIds.includes(t)))
    throw badRequest('A team that already has reports in this cycle cannot be removed from it.', 'team_ids');
  const before = (await repo.findCycle(db, id))!;
  await db.transaction().execute(async (trx) => {
    await repo.updateCycle(trx, id, { ...values(input), updated_at: nowIso() });
    await repo.replaceCycleTeams(trx, id, teamIds);
    const fields = ['name', 'opens_on', 'closes_on', 'show_team_average', 'show_rank', 'teams'] as const;
    const summary = describeChanges(
      {
        ...before,
        show_team_average: Number(before.show_team_average),
        show_rank: Number(before.show_rank),
        teams: [...reach.teamIds].sort((a, b) => a - b),
      },
      { ...values(input), teams: [...teamIds].sort((a, b) => a - b) },
      fields,
      ['show_team_average', 'show_rank', 'teams'],
    );
    await recordAudit(trx, actor, 'update', 'report_cycle', id, `${input.name}: ${summary}`);
  });
  return getCycle(db, actor, id);
}
