import type { Kysely } from 'kysely';
import { MSG } from '../../../shared/messages.js';
import type { Actor } from '../../../shared/permissions.js';
import type { Player, PlayerList, PlayerListItem } from '../../../shared/schemas/player.js';
import { reachableTeamIds } from '../../policies/teams.js';
import type { DB } from '../../db/types.js';
import { decodeDataUrl, photoMessages, toProfileWebp } from '../../files/images.js';
import { deleteFilesByKey, storeFile } from '../../files/files.repository.js';
import { badRequest, conflict, HttpError } from '../../lib/errors.js';
import { jsonList } from '../../lib/reply.js';
import { versionedCache } from '../scores/score-cache.js';
import { playerTotals } from '../scores/scores.repository.js';
import { linkedAccount } from './accounts.repository.js';
import * as repo from './players.repository.js';

export const playerMessages = {
  chooseOwnTeam: 'Please choose at least one of your teams.',
  notOwnTeam: 'You can only choose your own teams.',
  unknownTeam: 'One of the chosen teams does not exist.',
  duplicate: 'A player with this first name, last name and parent email already exists.',
} as const;

type Row = { id: number; first_name: string; last_name: string; email: string; player_email: string | null; dob: number | null; profile_img: string | null };

function listItem(row: Row, teams: repo.Membership[], total: number): PlayerListItem {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    player_email: row.player_email,
    dob: row.dob === null ? null : Number(row.dob),
    profile_img: row.profile_img,
    teamIds: teams.map((t) => t.id),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    teamName: teams[0]?.name ?? '',
    coachUser: teams[0]?.coach ?? null,
    totalScore: total,
  };
}

/** List rows with their teams and total scores: two set-based queries for the whole page. */
export async function listItems(db: Kysely<DB>, rows: readonly Row[]): Promise<PlayerListItem[]> {
  const ids = rows.map((r) => r.id);
  const [teams, totals] = await Promise.all([repo.membershipsOf(db, ids), ids.length ? playerTotals(db, { playerIds: ids }) : new Map<number, number>()]);
  return rows.map((r) => listItem(r, teams.get(r.id) ?? [], totals.get(r.id) ?? 0));
}

export async function playerView(db: Kysely<DB>, id: number): Promise<Player | null> {
  const row = await repo.findPlayer(db, id);
  if (!row) return null;
  const [[item], account] = await Promise.all([listItems(db, [row]), linkedAccount(db, id)]);
  return { ...item!, video_links: jsonList(row.video_links), pdf: row.pdf_file_id !== null, hasAccount: !!account };
}

// Every column these views show moves the score version (migrations 0006, 0008,
// 0009), so a cached view is never older than what the request could read (ADR 0006).
const pages = versionedCache<PlayerList>(256);
const views = versionedCache<Player | null>(1024);

/** One page of the players list (GET /api/players), cached per score version. Callers must not mutate it. */
export async function listPage(db: Kysely<DB>, filter: repo.ListFilter, page: number, pageSize: number): Promise<PlayerList> {
  const key = JSON.stringify([filter.scope, filter.teamId ?? null, filter.categoryId ?? null, filter.q ?? '', page, pageSize]);
  return pages(db, key, async () => {
    const { rows, total } = await repo.listPlayers(db, filter, page, pageSize);
    return { data: await listItems(db, rows), total, page, pageSize };
  });
}

/** A player's profile as GET /api/player/{id} shows it, cached per score version. Callers must not mutate it. */
export async function cachedPlayerView(db: Kysely<DB>, id: number): Promise<Player | null> {
  return views(db, String(id), () => playerView(db, id));
}

/**
 * The teams a saved player ends up in. Users reaching every team choose freely (none is allowed).
 * Coaches (teams < 2) must pick at least one of their own teams, cannot add others, and keep the
 * player's memberships in teams they cannot see (another coach's roster is not theirs to change):
 * such ids sent back unchanged are accepted and kept, not added.
 */
export async function resolveTeams(db: Kysely<DB>, actor: Actor, submitted: readonly number[], current: readonly number[]): Promise<number[]> {
  const existing = await repo.existingTeamIds(db, submitted);
  if (existing.length !== submitted.length) throw badRequest(playerMessages.unknownTeam, 'team_id');
  const scope = await reachableTeamIds(db, actor);
  if (scope === null) return [...submitted];
  if (submitted.some((id) => !scope.includes(id) && !current.includes(id))) throw new HttpError(403, playerMessages.notOwnTeam, 'team_id');
  const own = submitted.filter((id) => scope.includes(id));
  if (own.length === 0) throw badRequest(playerMessages.chooseOwnTeam, 'team_id');
  const kept = current.filter((id) => !scope.includes(id));
  return [...new Set([...kept, ...own])];
}

/**
 * Deleting a player wipes their evaluations, notes, achievements and account for every team, so a
 * coach (teams < 2) deletes only players all of whose teams they coach; others are removed instead.
 */
export async function assertPlayerDeletable(db: Kysely<DB>, actor: Actor, playerId: number): Promise<void> {
  const scope = await reachableTeamIds(db, actor);
  if (scope === null) return;
  const teams = await repo.teamIdsOf(db, playerId);
  if (teams.some((id) => !scope.includes(id))) throw new HttpError(403, MSG.playerSharedDelete);
}

export type PhotoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; webp: Buffer };

/** profile_img on save: a data URL is a new photo, null/'' removes it, the current key keeps it. */
export async function photoChange(input: string | null | undefined, currentKey: string | null): Promise<PhotoChange> {
  if (input === undefined || (currentKey !== null && input === currentKey)) return { kind: 'keep' };
  if (input === null || input === '') return { kind: 'remove' };
  if (!input.startsWith('data:')) throw badRequest(photoMessages.invalid, 'profile_img');
  return { kind: 'new', webp: await toProfileWebp(decodeDataUrl(input, 'profile_img'), 'profile_img') };
}

/** Applies a photo change inside the transaction; returns the key to store on the player. */
export async function applyPhoto(trx: Kysely<DB>, change: PhotoChange, currentKey: string | null): Promise<string | null> {
  if (change.kind === 'keep') return currentKey;
  await deleteFilesByKey(trx, [currentKey]);
  if (change.kind === 'remove') return null;
  const stored = await storeFile(trx, { ext: 'webp', mime: 'image/webp', data: change.webp, originalName: 'profile.webp' });
  return stored.key;
}

export async function assertNotDuplicate(db: Kysely<DB>, p: { first_name: string; last_name: string; email: string }, exceptId?: number) {
  if (await repo.findDuplicate(db, p, exceptId)) throw conflict(playerMessages.duplicate, 'email');
}
