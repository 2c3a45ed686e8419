import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { z } from 'zod';
import { birthYearWith } from '../../../shared/schemas/player.js';
import type { Player, PlayerList, PlayerListItem, playerCreateSchema, playerUpdateSchema } from '../../../shared/schemas/player.js';
import { authorizeTeams, playerMessages } from '../../policies/players.js';
import { reachableTeamIds } from '../../policies/teams.js';
import type { DB } from '../../db/types.js';
import { decodeDataUrl, photoMessages, toProfileWebp } from '../../files/images.js';
import { deleteFilesById, deleteFilesByKey, storeFile } from '../../files/files.repository.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { jsonList } from '../../lib/reply.js';
import { recordAudit } from '../audit/audit.repository.js';
import { describeChanges } from '../audit/changes.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import { versionedCache } from '../scores/score-cache.js';
import { playerTotals } from '../scores/scores.repository.js';
import { deleteAccount, linkedAccount } from './accounts.repository.js';
import { sendMovedNotice, sendWelcomes, syncAccount } from './accounts.service.js';
import { assertNotGuardianEmail, ensureParentLinked, linkParentEmails } from '../guardians/links.service.js';
import * as repo from './players.repository.js';

export const playerSaveMessages = {
  unknownTeam: 'One of the chosen teams does not exist.',
  duplicate: 'A player with this first name, last name and parent email already exists.',
} as const;

type Row = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  player_email: string | null;
  dob: number | null;
  birth_date: string | null;
  profile_img: string | null;
};

function listItem(row: Row, teams: repo.Membership[], total: number): PlayerListItem {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    player_email: row.player_email,
    dob: row.dob === null ? null : Number(row.dob),
    birth_date: row.birth_date,
    profile_img: row.profile_img,
    teamIds: teams.map((t) => t.id),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    teamName: teams[0]?.name ?? '',
    coachUser: teams[0]?.coach ?? null,
    totalScore: total,
  };
}

/** List rows with their teams and total scores: two set-based queries for the whole page. */
async function listItems(db: Kysely<DB>, rows: readonly Row[]): Promise<PlayerListItem[]> {
  const ids = rows.map((r) => r.id);
  const [teams, totals] = await Promise.all([
    repo.membershipsOf(db, ids),
    ids.length ? playerTotals(db, { playerIds: ids }) : new Map<number, number>(),
  ]);
  return rows.map((r) => listItem(r, teams.get(r.id) ?? [], totals.get(r.id) ?? 0));
}

export async function playerView(db: Kysely<DB>, id: number): Promise<Player | null> {
  const row = await repo.findPlayer(db, id);
  if (!row) return null;
  const [[item], account] = await Promise.all([listItems(db, [row]), linkedAccount(db, id)]);
  return { ...item!, video_links: jsonList(row.video_links), pdf: row.pdf_file_id !== null, hasAccount: !!account || !!row.player_email };
}

// Every column these views show moves the score version (migrations 0006, 0008,
// 0009), so a cached view is never older than what the request could read (ADR 0006).
const pages = versionedCache<PlayerList>(256);
const views = versionedCache<Player | null>(1024);
// A filter's count is the same on each of its pages: counted once per version, not on every page (ADR 0023).
const counts = versionedCache<number>(256);

const filterKey = (f: repo.ListFilter) =>
  [f.scope, f.teamId ?? null, f.categoryId ?? null, f.q ?? '', f.evaluated ?? '', f.from ?? '', f.to ?? ''] as const;

async function readPage(db: Kysely<DB>, filter: repo.ListFilter, paging: repo.ListPaging): Promise<PlayerList> {
  const [{ rows, next }, total] = await Promise.all([
    repo.listPlayers(db, filter, paging),
    counts(db, JSON.stringify(filterKey(filter)), () => repo.countPlayers(db, filter)),
  ]);
  return { data: await listItems(db, rows), total, page: paging.page, pageSize: paging.pageSize, next: next && encodeCursor(next) };
}

/** One page of the players list (GET /api/players), cached per score version. Callers must not mutate it. */
export async function listPage(db: Kysely<DB>, filter: repo.ListFilter, paging: repo.ListPaging): Promise<PlayerList> {
  const { page, pageSize, after } = paging;
  const key = JSON.stringify([...filterKey(filter), page, pageSize, after ?? null]);
  return pages(db, key, () => readPage(db, filter, paging));
}

/** A player's profile as GET /api/player/{id} shows it, cached per score version. Callers must not mutate it. */
async function cachedPlayerView(db: Kysely<DB>, id: number): Promise<Player | null> {
  return views(db, String(id), () => playerView(db, id));
}

/** Unknown team ids are a 400 before the caller's scope decides (policies/players.ts decideTeams). */
async function resolveTeams(db: Kysely<DB>, actor: Actor, submitted: readonly number[], current: readonly number[]): Promise<number[]> {
  const existing = await repo.existingTeamIds(db, submitted);
  if (existing.length !== submitted.length) throw badRequest(playerSaveMessages.unknownTeam, 'team_id');
  return authorizeTeams(db, actor, submitted, current);
}

type PhotoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'new'; webp: Buffer };

/** profile_img on save: a data URL is a new photo, null/'' removes it, the current key keeps it. */
async function photoChange(input: string | null | undefined, currentKey: string | null): Promise<PhotoChange> {
  if (input === undefined || (currentKey !== null && input === currentKey)) return { kind: 'keep' };
  if (input === null || input === '') return { kind: 'remove' };
  if (!input.startsWith('data:')) throw badRequest(photoMessages.invalid, 'profile_img');
  return { kind: 'new', webp: await toProfileWebp(decodeDataUrl(input, 'profile_img'), 'profile_img') };
}

/** Applies a photo change inside the transaction; returns the key to store on the player. */
async function applyPhoto(trx: Kysely<DB>, change: PhotoChange, currentKey: string | null): Promise<string | null> {
  if (change.kind === 'keep') return currentKey;
  await deleteFilesByKey(trx, [currentKey]);
  if (change.kind === 'remove') return null;
  const stored = await storeFile(trx, { ext: 'webp', mime: 'image/webp', data: change.webp, originalName: 'profile.webp' });
  return stored.key;
}

/**
 * Among the players the caller reaches only: a child in a team they cannot see must not be named by a
 * refusal (docs/product.md#players), so a coach may add that child again as a record of their own.
 */
async function assertNotDuplicate(
  db: Kysely<DB>,
  actor: Actor,
  p: { first_name: string; last_name: string; email: string },
  exceptId?: number,
) {
  if (await repo.findDuplicate(db, p, exceptId, await reachableTeamIds(db, actor))) throw conflict(playerSaveMessages.duplicate, 'email');
}

/** GET /api/player/{id}: the cached view doubles as the existence check (404 before the reach check). */
export async function profile(db: Kysely<DB>, id: number): Promise<Player> {
  const view = await cachedPlayerView(db, id);
  if (!view) throw notFound(playerMessages.playerNotFound);
  return view;
}

async function mustView(db: Kysely<DB>, id: number): Promise<Player> {
  const view = await playerView(db, id);
  if (!view) throw notFound(playerMessages.playerNotFound);
  return view;
}

/** A team's roster page (GET /api/team/{teamId}/players), with the team. */
export async function teamPage(
  db: Kysely<DB>,
  team: { id: number; name: string },
  filter: Omit<repo.ListFilter, 'scope' | 'teamId'>,
  paging: repo.ListPaging,
) {
  return { ...(await readPage(db, { scope: null, teamId: team.id, ...filter }, paging)), team };
}

export async function teamOptions(db: Kysely<DB>, teamScope: readonly number[] | null) {
  return repo.teamOptions(db, teamScope);
}

/** Saves a new player with their teams, photo and sign-in account; welcomes the account once committed. */
export async function createPlayer(app: FastifyInstance, actor: Actor, b: z.output<typeof playerCreateSchema>): Promise<Player> {
  const teamIds = await resolveTeams(app.db, actor, b.team_id, []);
  await assertNotDuplicate(app.db, actor, b);
  await assertNotGuardianEmail(app.db, b.player_email, b.email);
  const photo = await photoChange(b.profile_img, null);
  const { id, welcome } = await app.db.transaction().execute(async (trx) => {
    const profile_img = await applyPhoto(trx, photo, null);
    const values = {
      first_name: b.first_name,
      last_name: b.last_name,
      email: b.email,
      player_email: b.player_email,
      dob: birthYearWith(b.dob, b.birth_date),
      birth_date: b.birth_date,
      profile_img,
    };
    const id = await repo.insertPlayer(trx, values);
    await repo.setTeams(trx, id, teamIds);
    await linkParentEmails(trx, [{ id, email: b.email }]);
    const { welcome } = await syncAccount(trx, actor, { id, ...values }, { previousEmail: null });
    await recordAudit(trx, actor, 'create', 'player', id, `${b.first_name} ${b.last_name}`);
    return { id, welcome };
  });
  await sendWelcomes(app, welcome ? [welcome] : []);
  return mustView(app.db, id);
}

/** Saves an existing player (the parent e-mail stays); mails a moved sign-in's old and new address once committed. */
export async function updatePlayer(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  b: z.output<typeof playerUpdateSchema>,
): Promise<Player> {
  const current = (await repo.findPlayer(app.db, id))!;
  const teamIds = await resolveTeams(app.db, actor, b.team_id, await repo.teamIdsOf(app.db, id));
  await assertNotDuplicate(app.db, actor, { ...b, email: current.email }, id);
  if (b.player_email !== current.player_email) await assertNotGuardianEmail(app.db, b.player_email, current.email);
  const photo = await photoChange(b.profile_img, current.profile_img);
  const teamNames = async (db: Kysely<DB>) => ((await repo.membershipsOf(db, [id])).get(id) ?? []).map((t) => t.name);
  const before = { ...current, teams: await teamNames(app.db) };
  const { welcome, moved } = await app.db.transaction().execute(async (trx) => {
    const profile_img = await applyPhoto(trx, photo, current.profile_img);
    const values = {
      first_name: b.first_name,
      last_name: b.last_name,
      player_email: b.player_email,
      dob: birthYearWith(b.dob, b.birth_date),
      birth_date: b.birth_date,
      profile_img,
    };
    await repo.updatePlayer(trx, id, values);
    await repo.setTeams(trx, id, teamIds);
    await ensureParentLinked(trx, { id, email: current.email });
    const account = await syncAccount(trx, actor, { id, ...values }, { previousEmail: current.player_email });
    const changes = describeChanges(before, { ...values, teams: await teamNames(trx) }, [
      'first_name',
      'last_name',
      'player_email',
      'dob',
      'birth_date',
      'profile_img',
      'teams',
    ]);
    await recordAudit(trx, actor, 'update', 'player', id, `${b.first_name} ${b.last_name}: ${changes}`);
    return account;
  });
  await sendMovedNotice(app, moved);
  await sendWelcomes(app, welcome ? [welcome] : []);
  return mustView(app.db, id);
}

/** Deletes the player with their account and files; answers what went with them. */
export async function deletePlayer(db: Kysely<DB>, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const player = (await repo.findPlayer(trx, id))!;
    const counts = await repo.dependentsOf(trx, id);
    const account = await linkedAccount(trx, id);
    if (account) await deleteAccount(trx, account.id);
    await repo.deletePlayer(trx, id);
    await deleteFilesById(trx, [player.pdf_file_id]);
    await deleteFilesByKey(trx, [player.profile_img]);
    const summary = `${player.first_name} ${player.last_name}: ${counts.evaluations} evaluations, ${counts.notes} notes, ${counts.achievements} achievements${account ? ', sign-in account' : ''}`;
    await recordAudit(trx, actor, 'delete', 'player', id, summary);
    return { id, ...counts, account: !!account };
  });
}

export async function removeFromTeam(db: Kysely<DB>, actor: Actor, team: { id: number; name: string }, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.removeFromTeam(trx, team.id, id))) throw notFound('This player is not in this team.');
    await recordAudit(trx, actor, 'remove_from_team', 'player', id, `removed from ${team.name}`);
  });
}
