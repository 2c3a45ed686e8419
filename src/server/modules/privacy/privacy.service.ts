import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import {
  daysUntil,
  ERASURE_DECISION_DAYS,
  ERASURE_DUE_SOON_DAYS,
  privacyMessages,
  type PlayerPrivacy,
  type PrivacyDecision,
  type PrivacyList,
  type PrivacyRequest,
} from '../../../shared/schemas/privacy.js';
import type { LimitsDB } from '../../db/limits.js';
import type { DB } from '../../db/types.js';
import { conflict } from '../../lib/errors.js';
import { nowIso, nowMs } from '../../lib/time.js';
import { recordAudit, recordGuardianAudit } from '../audit/audit.repository.js';
import { forgetCounters } from './erasure.repository.js';
import { erasePlayer } from './erasure.service.js';
import * as repo from './privacy.repository.js';

type Db = Kysely<DB>;

export function toView(r: repo.RequestRow, now = nowMs()): PrivacyRequest {
  return {
    id: r.id,
    playerId: r.player_id,
    playerName: `${r.first_name} ${r.last_name}`,
    requestedBy: r.requested_by,
    reason: r.reason,
    status: r.status,
    createdAt: r.created_at,
    dueAt: r.due_at,
    daysLeft: r.status === 'open' ? daysUntil(r.due_at, now) : null,
    decidedAt: r.decided_at,
    decidedBy: r.decider_first === null ? null : `${r.decider_first} ${r.decider_last}`,
    decisionReason: r.decision_reason,
  };
}

export async function playerPrivacy(db: Db, playerId: number): Promise<PlayerPrivacy> {
  const rows = await repo.requestsOfPlayer(db, playerId);
  return { erased: rows.some((r) => r.status === 'erased'), requests: rows.map((r) => toView(r)) };
}

/** Who asks: a staff user (the player themself, or an admin on their behalf) or a guardian. */
export type Requester = { kind: 'player' | 'admin'; actor: Actor } | { kind: 'guardian'; guardianId: number; email: string };

/**
 * Opens an erasure request with its 30-day deadline. A player with an open request keeps that one
 * (the clock does not restart); an erased player has nothing left to erase (409).
 */
export async function requestErasure(db: Db, who: Requester, playerId: number, reason: string): Promise<PlayerPrivacy> {
  await db.transaction().execute(async (trx) => {
    if (await repo.isErased(trx, playerId)) throw conflict(privacyMessages.alreadyErased);
    if (await repo.openRequestOf(trx, playerId)) return;
    const now = nowIso();
    const id = await repo.insertRequest(trx, {
      player_id: playerId,
      requested_by: who.kind,
      requester_user_id: who.kind === 'guardian' ? null : who.actor.id,
      requester_guardian_id: who.kind === 'guardian' ? who.guardianId : null,
      reason,
      due_at: new Date(Date.parse(now) + ERASURE_DECISION_DAYS * 86_400_000).toISOString(),
      now,
    });
    const summary = `erasure of player ${playerId} requested by ${who.kind}`;
    if (who.kind === 'guardian') await recordGuardianAudit(trx, who.email, 'erasure_request', 'privacy_request', id, summary);
    else await recordAudit(trx, who.actor, 'erasure_request', 'privacy_request', id, summary);
  });
  return playerPrivacy(db, playerId);
}

/** Approving erases the player in the same transaction; refusing keeps everything and records why. */
export async function decideRequest(
  db: Db,
  limits: Kysely<LimitsDB>,
  actor: Actor,
  requestId: number,
  decision: Required<PrivacyDecision>,
): Promise<PrivacyRequest> {
  let erasedAddresses: string[] = [];
  await db.transaction().execute(async (trx) => {
    const request = (await repo.findRequest(trx, requestId))!;
    const status = decision.decision === 'approve' ? 'erased' : 'refused';
    if (!(await repo.decideRequest(trx, requestId, { status, decided_by: actor.id, decision_reason: decision.reason, now: nowIso() }))) {
      throw conflict(privacyMessages.notOpen);
    }
    if (status === 'erased') ({ erasedAddresses } = await erasePlayer(trx, actor, request.player_id, requestId));
    else await recordAudit(trx, actor, 'erasure_refused', 'privacy_request', requestId, `erasure of player ${request.player_id} refused`);
  });
  // Sign-in throttle counters keyed by an erased address (their own file on SQLite): once erased.
  await forgetCounters(limits, erasedAddresses);
  return toView((await repo.findRequest(db, requestId))!);
}

export async function listRequests(db: Db, teamScope: readonly number[] | null, openOnly: boolean): Promise<PrivacyList> {
  const now = nowMs();
  const [rows, open] = await Promise.all([
    repo.listRequests(db, { openOnly, teamScope }),
    openOnly ? null : repo.listRequests(db, { openOnly: true, teamScope }),
  ]);
  const requests = rows.map((r) => toView(r, now));
  const openViews = open ? open.map((r) => toView(r, now)) : requests;
  return {
    requests,
    counts: {
      open: openViews.length,
      overdue: openViews.filter((r) => (r.daysLeft ?? 0) < 0).length,
      dueSoon: openViews.filter((r) => r.daysLeft !== null && r.daysLeft >= 0 && r.daysLeft <= ERASURE_DUE_SOON_DAYS).length,
    },
  };
}
