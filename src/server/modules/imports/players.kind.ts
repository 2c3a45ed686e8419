import type { Actor } from '../../../shared/permissions.js';
import { PLAYER_IMPORT_FIELDS, type ImportCounts, type PlanRow } from '../../../shared/schemas/import.js';
import { reachableTeamIds } from '../../policies/teams.js';
import { ensureGuardians, guardianEmails, insertPrimaryLinks, normalEmail } from '../guardians/links.repository.js';
import { insertMemberships, insertPlayersReturningIds } from '../players/import.repository.js';
import type { KindHandler, UndoOutcome } from './kind.js';
import type { NewEffect } from './imports.repository.js';
import * as repo from './players-import.repository.js';
import { birthDate, birthYear, planRows } from './players.rows.js';

/** The players kind of the import engine: plan, commit and undo (docs/product.md#importing). */

const valuesOf = (r: PlanRow) => {
  const y = birthYear(r.values.dob ?? '');
  const day = birthDate(r.values.birth_date ?? '');
  const dated = typeof day === 'string' ? day : null;
  return {
    first_name: r.values.first_name!.trim(),
    last_name: r.values.last_name!.trim(),
    email: r.values.email!.trim().toLowerCase(),
    dob: typeof y === 'number' ? y : dated ? Number(dated.slice(0, 4)) : null,
    birth_date: dated,
    player_email: null,
  };
};

export const playersKind: KindHandler = {
  fields: PLAYER_IMPORT_FIELDS,
  usesTeam: true,
  entity: 'player',

  async plan(db, actor, { rows, lines, mapping, decisions, teamId }) {
    const emailAt = mapping.email;
    const emails = typeof emailAt === 'number' ? rows.map((r) => (r[emailAt] ?? '').trim().toLowerCase()).filter((e) => e !== '') : [];
    const existing = await repo.reachablePlayers(db, await reachableTeamIds(db, actor), teamId, emails);
    return planRows(rows, lines, mapping, existing, decisions);
  },

  /**
   * Runs the plan inside the commit's transaction. Siblings sharing a parent e-mail get one guardian
   * (ensureGuardians reuses or creates one per e-mail). Counts come from what was written.
   */
  async commit(trx, actor: Actor, { plan, teamId }) {
    const effects: NewEffect[] = [];
    const counts: ImportCounts = { created: 0, updated: 0, linked: 0, skipped: 0 };
    const creates = plan.filter((r) => r.action === 'create').map(valuesOf);
    const ids = await insertPlayersReturningIds(trx, creates);
    counts.created = ids.length;
    for (const id of ids) effects.push({ effect: 'player_created', target_id: id, team_id: null, before: null });
    if (creates.length) {
      const known = await guardianEmails(
        trx,
        creates.map((c) => c.email),
      );
      const guardians = await ensureGuardians(
        trx,
        creates.map((c) => c.email),
      );
      for (const [email, id] of guardians)
        if (!known.has(email)) effects.push({ effect: 'guardian_created', target_id: id, team_id: null, before: null });
      await insertPrimaryLinks(
        trx,
        creates.map((c, i) => ({ guardian_id: guardians.get(normalEmail(c.email))!, player_id: ids[i]! })),
      );
    }
    const linked = plan.filter((r) => r.action === 'link' || r.action === 'update');
    for (const r of linked) {
      const playerId = r.candidate!.kind === 'existing' ? r.candidate!.player_id : 0;
      if (r.action === 'update') {
        const dob = valuesOf(r).dob!;
        if (await repo.fillDob(trx, playerId, dob)) {
          effects.push({
            effect: 'player_updated',
            target_id: playerId,
            team_id: null,
            before: JSON.stringify({ dob: null, filled: dob }),
          });
          counts.updated++;
          continue;
        }
      }
      counts.linked++;
    }
    if (teamId !== null) {
      const linkedIds = [...new Set(linked.map((r) => (r.candidate!.kind === 'existing' ? r.candidate!.player_id : 0)))];
      const members = await repo.membersOf(trx, teamId, linkedIds);
      const joining = [...ids, ...linkedIds.filter((id) => !members.has(id))];
      await insertMemberships(trx, teamId, joining);
      for (const id of joining) effects.push({ effect: 'membership_added', target_id: id, team_id: teamId, before: null });
    }
    counts.skipped = plan.filter((r) => r.action === 'skip').length;
    return { counts, effects };
  },

  /**
   * Removes the players it created and the memberships it added, restores the birth years it filled,
   * and removes the guardians it created that nobody links to any more; what later changes depend on
   * is kept and named.
   */
  async undo(trx, { effects, committedAt }): Promise<UndoOutcome> {
    const kept: string[] = [];
    let removed = 0;
    let restored = 0;
    const created = effects.filter((e) => e.effect === 'player_created').map((e) => e.target_id);
    const alive = [...(await repo.existingIds(trx, created))];
    const teamOf = effects.find((e) => e.effect === 'membership_added')?.team_id ?? null;
    const deps = await repo.laterDependencies(trx, alive, committedAt, teamOf);
    const names = await repo.playerNames(trx, [
      ...deps.keys(),
      ...effects.filter((e) => e.effect === 'player_updated').map((e) => e.target_id),
    ]);
    for (const [id, why] of deps) kept.push(`${names.get(id) ?? `Player ${id}`} was kept: since the import ${why.join(', ')}.`);
    const removable = alive.filter((id) => !deps.has(id));
    // Memberships of kept players stay with them; the others go with the player or are removed here.
    const byTeam = new Map<number, number[]>();
    const removableSet = new Set(removable);
    for (const e of effects) {
      if (e.effect !== 'membership_added' || e.team_id === null || deps.has(e.target_id)) continue;
      if (!removableSet.has(e.target_id)) byTeam.set(e.team_id, [...(byTeam.get(e.team_id) ?? []), e.target_id]);
    }
    for (const [team, ids] of byTeam) removed += await repo.deleteMemberships(trx, team, ids);
    await repo.deletePlayers(trx, removable);
    removed += removable.length;
    for (const e of effects.filter((x) => x.effect === 'player_updated')) {
      const before = JSON.parse(e.before ?? '{}') as { dob: number | null; filled: number };
      if (await repo.restoreDob(trx, e.target_id, before.filled, before.dob)) restored++;
      else if (names.has(e.target_id)) kept.push(`${names.get(e.target_id)}'s birth year was kept: it was changed after the import.`);
    }
    const guardians = effects.filter((e) => e.effect === 'guardian_created').map((e) => e.target_id);
    // A guardian still linked belongs to a kept player or was linked to another child since: it stays with them.
    const stillLinked = await repo.deleteUnlinkedGuardians(trx, guardians);
    removed += guardians.length - stillLinked.length;
    return { removed, restored, kept };
  },
};
