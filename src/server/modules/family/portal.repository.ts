import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** The family portal's reads: one child at a time, only what the club publishes (no notes, no evaluator names). */

/** The guardian's live links (invited or active) with the players' names. */
export async function childrenOf(db: Kysely<DB>, guardianId: number) {
  return db
    .selectFrom('guardian_links as l')
    .innerJoin('players as p', 'p.id', 'l.player_id')
    .leftJoin('player_handovers as h', 'h.player_id', 'p.id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'l.relationship', 'l.status', 'l.shares_after_handover', 'h.claimed_at'])
    .where('l.guardian_id', '=', guardianId)
    .where('l.status', 'in', ['invited', 'active'])
    .orderBy('p.first_name')
    .orderBy('p.id')
    .execute();
}

/** Each player's teams with their club. */
export async function clubsOf(db: Kysely<DB>, playerIds: readonly number[]) {
  if (!playerIds.length) return [];
  return db
    .selectFrom('team_players as tp')
    .innerJoin('teams as t', 't.id', 'tp.team_id')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .select(['tp.player_id', 't.name as team', 'c.name as club'])
    .where('tp.player_id', 'in', [...playerIds])
    .orderBy('c.name')
    .orderBy('t.name')
    .execute();
}

export async function playerName(db: Kysely<DB>, playerId: number) {
  return db.selectFrom('players').select(['id', 'first_name', 'last_name']).where('id', '=', playerId).executeTakeFirstOrThrow();
}

export async function totalOf(db: Kysely<DB>, playerId: number): Promise<number> {
  const row = await db.selectFrom('player_scores').select('total').where('player_id', '=', playerId).executeTakeFirst();
  return row ? Number(row.total) : 0;
}

/** Evaluations, newest first; the evaluator's name is read only to tell a coach from a session. */
export async function evaluationsOf(db: Kysely<DB>, playerId: number) {
  return db
    .selectFrom('evaluations as e')
    .innerJoin('criteria as c', 'c.id', 'e.criterion_id')
    .innerJoin('levels as lv', 'lv.id', 'c.level_id')
    .leftJoin('criterion_measures as m', 'm.criterion_id', 'c.id')
    .select([
      'c.name as criterion',
      'lv.name as level',
      'lv.kind',
      'e.score',
      'e.date',
      'e.notes',
      'e.evaluator_name',
      'e.is_current',
      // A measured test: the child's own value only (never another player's).
      'e.measured_value',
      'e.measured_attempts',
      'e.points_basis',
      'm.unit',
      'm.decimals',
    ])
    .where('e.player_id', '=', playerId)
    .orderBy('e.is_current', 'desc')
    .orderBy('e.date', 'desc')
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();
}

export async function achievementsOf(db: Kysely<DB>, playerId: number) {
  return db
    .selectFrom('player_achievements as pa')
    .innerJoin('achievements as a', 'a.id', 'pa.achievement_id')
    .select(['a.title', 'pa.detail', 'pa.created_at'])
    .where('pa.player_id', '=', playerId)
    .orderBy('pa.created_at', 'desc')
    .execute();
}

/** Resources shared with the Player role (what the club gives players to work with). */
export async function playerResources(db: Kysely<DB>) {
  return db
    .selectFrom('resources as r')
    .innerJoin('resource_access as ra', 'ra.resource_id', 'r.id')
    .innerJoin('roles as ro', 'ro.id', 'ra.role_id')
    .select(['r.title', 'r.category', 'r.video_links', 'r.document_links'])
    .where('ro.key', '=', 'player')
    .orderBy('r.title')
    .execute();
}
