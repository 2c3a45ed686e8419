import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/**
 * The reads of a subject access export (ADR 0022): one player's rows in every table that holds them.
 * Each read is scoped to the player; nothing here returns another player's row.
 */
type Db = Kysely<DB>;

export async function playerRow(db: Db, id: number) {
  return db
    .selectFrom('players')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'player_email',
      'dob',
      'birth_date',
      'profile_img',
      'video_links',
      'pdf_file_id',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function filesOf(db: Db, ids: readonly number[], keys: readonly string[]) {
  if (!ids.length && !keys.length) return [];
  return db
    .selectFrom('files')
    .select(['id', 'key', 'mime', 'size', 'sha256', 'data', 'original_name', 'created_at'])
    .where((eb) => eb.or([eb('id', 'in', [...ids, -1]), eb('key', 'in', [...keys, ''])]))
    .execute();
}

export async function accountsOf(db: Db, playerId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.status', 'r.title as role', 'u.created_at', 'u.updated_at'])
    .where('u.player_id', '=', playerId)
    .execute();
}

export async function teamsOf(db: Db, playerId: number) {
  return db
    .selectFrom('team_players as tp')
    .innerJoin('teams as t', 't.id', 'tp.team_id')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .innerJoin('seasons as s', 's.id', 't.season_id')
    .select(['t.id', 't.name', 'c.name as club', 's.name as season'])
    .where('tp.player_id', '=', playerId)
    .orderBy('t.name')
    .execute();
}

export async function evaluationsOf(db: Db, playerId: number) {
  return db
    .selectFrom('evaluations as e')
    .innerJoin('criteria as c', 'c.id', 'e.criterion_id')
    .innerJoin('levels as l', 'l.id', 'c.level_id')
    .select([
      'e.id',
      'c.name as criterion',
      'l.name as level',
      'l.kind',
      'e.score',
      'e.score_percentage',
      'e.date',
      'e.notes',
      'e.video_links',
      'e.evaluator_name',
      'e.is_current',
      'e.created_at',
    ])
    .where('e.player_id', '=', playerId)
    .orderBy('e.date', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
}

export async function noteCount(db: Db, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('notes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function achievementsOf(db: Db, playerId: number) {
  return db
    .selectFrom('player_achievements as pa')
    .innerJoin('achievements as a', 'a.id', 'pa.achievement_id')
    .select(['pa.id', 'a.title', 'pa.detail', 'pa.created_at'])
    .where('pa.player_id', '=', playerId)
    .orderBy('pa.created_at', 'desc')
    .execute();
}

export async function sessionsOf(db: Db, playerId: number) {
  return db
    .selectFrom('eval_session_players as sp')
    .innerJoin('eval_sessions as s', 's.id', 'sp.session_id')
    .select(['s.id', 's.name', 's.start_date', 's.end_date', 's.state', 'sp.bib', 'sp.present', 'sp.walk_up'])
    .where('sp.player_id', '=', playerId)
    .orderBy('s.start_date', 'desc')
    .execute();
}

/** The raw scores evaluators gave the player in sessions, without who gave them. */
export async function sessionScoresOf(db: Db, playerId: number) {
  return db
    .selectFrom('eval_session_scores as sc')
    .innerJoin('criteria as c', 'c.id', 'sc.criterion_id')
    .select(['sc.session_id', 'c.name as criterion', 'sc.score', 'sc.updated_at'])
    .where('sc.player_id', '=', playerId)
    .orderBy('sc.session_id')
    .orderBy('c.name')
    .execute();
}

export async function reportsOf(db: Db, playerId: number) {
  return db
    .selectFrom('reports as r')
    .innerJoin('report_cycles as c', 'c.id', 'r.cycle_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select([
      'r.id',
      'c.name as cycle',
      't.name as team',
      'r.version',
      'r.state',
      'r.overall_comment',
      'r.criterion_comments',
      'r.focus',
      'r.snapshot',
      'r.approved_at',
      'r.sent_at',
      'r.viewed_at',
      'r.revoked_at',
      'r.created_at',
    ])
    .where('r.player_id', '=', playerId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}

export async function deliveriesOf(db: Db, reportIds: readonly number[]) {
  if (!reportIds.length) return [];
  return db
    .selectFrom('report_deliveries')
    .select(['id', 'report_id', 'recipient_kind', 'email', 'status', 'sent_at', 'viewed_at', 'created_at'])
    .where('report_id', 'in', [...reportIds])
    .orderBy('id')
    .execute();
}

/** This player's guardian links (never the guardians' links to other children) with the guardian. */
export async function guardianLinksOf(db: Db, playerId: number) {
  return db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select([
      'l.id',
      'l.guardian_id',
      'g.email',
      'g.name',
      'l.relationship',
      'l.is_primary',
      'l.receives_reports',
      'l.parental_responsibility',
      'l.status',
      'l.invited_at',
      'l.status_at',
      'l.created_at',
    ])
    .where('l.player_id', '=', playerId)
    .orderBy('l.id')
    .execute();
}

export async function consentsOf(db: Db, linkIds: readonly number[]) {
  if (!linkIds.length) return [];
  return db
    .selectFrom('guardian_consents')
    .select(['link_id', 'purpose', 'granted', 'text_version', 'updated_at'])
    .where('link_id', 'in', [...linkIds])
    .orderBy('link_id')
    .orderBy('purpose')
    .execute();
}

/** Ids of the player's own rows in other tables: the audit entries about them are about the player. */
export async function ownedIds(db: Db, playerId: number) {
  const ids = async (table: 'notes' | 'player_achievements' | 'evaluations' | 'guardian_links' | 'privacy_requests' | 'reports') =>
    (await db.selectFrom(table).select('id').where('player_id', '=', playerId).execute()).map((r) => r.id);
  const [note, player_achievement, evaluation, guardian_link, privacy_request, report, users] = await Promise.all([
    ids('notes'),
    ids('player_achievements'),
    ids('evaluations'),
    ids('guardian_links'),
    ids('privacy_requests'),
    ids('reports'),
    db.selectFrom('users').select('id').where('player_id', '=', playerId).execute(),
  ]);
  return { player: [playerId], note, player_achievement, evaluation, guardian_link, privacy_request, report, user: users.map((u) => u.id) };
}

/** Audit entries about the player or any of their rows, oldest first. */
export async function auditAbout(db: Db, owned: Record<string, number[]>) {
  const entries = Object.entries(owned).filter(([, list]) => list.length > 0);
  if (!entries.length) return [];
  return db
    .selectFrom('audit_log')
    .select(['id', 'user_id', 'user_name', 'action', 'entity', 'entity_id', 'summary', 'created_at'])
    .where((eb) => eb.or(entries.map(([entity, list]) => eb.and([eb('entity', '=', entity), eb('entity_id', 'in', list)]))))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The player's own consents, given after the hand-over. */
export async function ownConsentsOf(db: Db, playerId: number) {
  return db
    .selectFrom('player_consents')
    .select(['purpose', 'granted', 'text_version', 'updated_at'])
    .where('player_id', '=', playerId)
    .orderBy('purpose')
    .execute();
}

/** Team place offers made for the player, with the team's name. */
export async function offersOf(db: Db, playerId: number) {
  return db
    .selectFrom('offers as o')
    .innerJoin('teams as t', 't.id', 'o.team_id')
    .select(['o.id', 't.name as team', 'o.state', 'o.deadline', 'o.answered_at', 'o.answered_by', 'o.created_at'])
    .where('o.player_id', '=', playerId)
    .orderBy('o.id')
    .execute();
}

export async function offerDeliveriesOf(db: Db, offerIds: readonly number[]) {
  if (!offerIds.length) return [];
  return db
    .selectFrom('offer_deliveries')
    .select(['offer_id', 'recipient_kind', 'email', 'used_at', 'created_at'])
    .where('offer_id', 'in', [...offerIds])
    .orderBy('id')
    .execute();
}

/** Hand-over claim links sent for the player: to whom and when (never the token). */
export async function claimLinksOf(db: Db, playerId: number) {
  return db
    .selectFrom('player_claim_tokens')
    .select(['email', 'created_at', 'expires_at', 'used_at'])
    .where('player_id', '=', playerId)
    .orderBy('id')
    .execute();
}
