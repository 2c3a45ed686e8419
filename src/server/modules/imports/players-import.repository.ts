import type { Kysely } from 'kysely';
import { chunked } from '../../db/precompiled.js';
import type { DB } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import type { ExistingPlayer } from './players.rows.js';

/** SQL of the players import kind: one statement per table read, chunked writes (set-based, ADR 0021). */

const CHUNK = 500;

/**
 * The players the caller reaches (`scope` = their team ids, null = every player), and whether each is
 * already in `teamId`. Names are folded in code (accents cannot be folded in portable SQL), so every
 * reachable player's name is read; e-mails are matched exactly, so only the guardians of the file's
 * e-mails are: a few statements whatever the size.
 */
export async function reachablePlayers(
  db: Kysely<DB>,
  scope: readonly number[] | null,
  teamId: number | null,
  fileEmails: readonly string[],
): Promise<ExistingPlayer[]> {
  if (scope?.length === 0) return [];
  const inScope = scope ? db.selectFrom('team_players').select('player_id').where('team_id', 'in', scope) : null;
  let q = db.selectFrom('players').select(['id', 'first_name', 'last_name', 'dob', 'email']);
  if (inScope) q = q.where('id', 'in', inScope);
  const players = await q.orderBy('id').execute();
  const wanted = [...new Set(fileEmails)];
  const guardianOf = await chunked(
    db,
    wanted,
    CHUNK,
    (chunk) =>
      db
        .selectFrom('guardian_links')
        .innerJoin('guardians', 'guardians.id', 'guardian_links.guardian_id')
        .select(['guardian_links.player_id', 'guardians.email'])
        .where('guardian_links.status', '!=', 'revoked')
        .where('guardians.email', 'in', chunk),
    (chunk) => ['revoked', ...chunk],
  );
  const emails = new Map<number, string[]>();
  for (const r of guardianOf) emails.set(r.player_id, [...(emails.get(r.player_id) ?? []), r.email]);
  const inTeam = new Set<number>();
  if (teamId !== null)
    for (const r of await db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).execute())
      inTeam.add(r.player_id);
  return players.map((p) => ({
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    dob: p.dob,
    emails: emails.has(p.id) ? [p.email, ...emails.get(p.id)!] : [p.email],
    inTeam: inTeam.has(p.id),
  }));
}

/** Players of these ids already in the team. */
export async function membersOf(db: Kysely<DB>, teamId: number, playerIds: readonly number[]): Promise<Set<number>> {
  const rows = await chunked(
    db,
    [...new Set(playerIds)],
    CHUNK,
    (chunk) => db.selectFrom('team_players').select('player_id').where('team_id', '=', teamId).where('player_id', 'in', chunk),
    (chunk) => [teamId, ...chunk],
  );
  return new Set(rows.map((r) => r.player_id));
}

/** Which of these players still exist. */
export async function existingIds(db: Kysely<DB>, ids: readonly number[]): Promise<Set<number>> {
  const rows = await chunked(
    db,
    [...new Set(ids)],
    CHUNK,
    (chunk) => db.selectFrom('players').select('id').where('id', 'in', chunk),
    (chunk) => [...chunk],
  );
  return new Set(rows.map((r) => r.id));
}

/** Fills an empty birth year; answers whether it did (a year set since is left alone). */
export async function fillDob(db: Kysely<DB>, id: number, dob: number): Promise<boolean> {
  const r = await db
    .updateTable('players')
    .set({ dob, updated_at: nowIso() })
    .where('id', '=', id)
    .where('dob', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Restores a birth year the import filled, unless it was changed since. */
export async function restoreDob(db: Kysely<DB>, id: number, filled: number, before: number | null): Promise<boolean> {
  const r = await db
    .updateTable('players')
    .set({ dob: before, updated_at: nowIso() })
    .where('id', '=', id)
    .where('dob', '=', filled)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Why a player an import created cannot be removed: what was written about them since (evaluations,
 * notes, achievements, reports, a sign-in, a session, another team, an edit). Keyed by player id.
 */
export async function laterDependencies(
  db: Kysely<DB>,
  ids: readonly number[],
  since: string,
  teamId: number | null,
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  const add = (id: number, why: string) => found.set(id, [...(found.get(id) ?? []), why]);
  const each = async (why: string, build: (chunk: readonly number[]) => Promise<{ player_id: number | null }[]>) => {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const seen = new Set<number>();
      for (const r of await build(ids.slice(i, i + CHUNK))) {
        if (r.player_id === null || seen.has(r.player_id)) continue;
        seen.add(r.player_id);
        add(r.player_id, why);
      }
    }
  };
  await each('evaluations were recorded', (c) => db.selectFrom('evaluations').select('player_id').where('player_id', 'in', c).execute());
  await each('notes were written', (c) => db.selectFrom('notes').select('player_id').where('player_id', 'in', c).execute());
  await each('achievements were given', (c) =>
    db.selectFrom('player_achievements').select('player_id').where('player_id', 'in', c).execute(),
  );
  await each('a report was written', (c) => db.selectFrom('reports').select('player_id').where('player_id', 'in', c).execute());
  await each('a sign-in was created', (c) => db.selectFrom('users').select('player_id').where('player_id', 'in', c).execute());
  await each('they joined an evaluation session', (c) =>
    db.selectFrom('eval_session_players').select('player_id').where('player_id', 'in', c).execute(),
  );
  await each('they joined another team', (c) => {
    let q = db.selectFrom('team_players').select('player_id').where('player_id', 'in', c);
    if (teamId !== null) q = q.where('team_id', '!=', teamId);
    return q.execute();
  });
  await each('their profile was edited', (c) =>
    db.selectFrom('players').select('id as player_id').where('id', 'in', c).where('updated_at', '>', since).execute(),
  );
  return found;
}

export async function deletePlayers(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK)
    await db
      .deleteFrom('players')
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
}

export async function deleteMemberships(db: Kysely<DB>, teamId: number, playerIds: readonly number[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < playerIds.length; i += CHUNK) {
    const r = await db
      .deleteFrom('team_players')
      .where('team_id', '=', teamId)
      .where('player_id', 'in', playerIds.slice(i, i + CHUNK))
      .executeTakeFirst();
    n += Number(r.numDeletedRows);
  }
  return n;
}

/** Removes guardians the import created that no player links to any more; answers the ones kept (linked since). */
export async function deleteUnlinkedGuardians(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  const kept: number[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const linked = new Set(
      (await db.selectFrom('guardian_links').select('guardian_id').where('guardian_id', 'in', chunk).execute()).map((r) => r.guardian_id),
    );
    const free = chunk.filter((id) => !linked.has(id));
    kept.push(...chunk.filter((id) => linked.has(id)));
    if (free.length) await db.deleteFrom('guardians').where('id', 'in', free).execute();
  }
  return kept;
}

export async function playerNames(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await chunked(
    db,
    [...new Set(ids)],
    CHUNK,
    (chunk) => db.selectFrom('players').select(['id', 'first_name', 'last_name']).where('id', 'in', chunk),
    (chunk) => [...chunk],
  );
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`]));
}
