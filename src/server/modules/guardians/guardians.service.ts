import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../../shared/permissions.js';
import type { GuardianLink, GuardianList, guardianAddSchema, guardianLinkUpdateSchema } from '../../../shared/schemas/guardian.js';
import { encodeCursor } from '../../../shared/schemas/cursor.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { mayLearnTakenEmails } from '../../policies/players.js';
import { sendFamilyLink } from '../family/family-auth.service.js';
import { claimedAt } from '../handover/handover.repository.js';
import { versionedCache } from '../scores/score-cache.js';
import * as repo from './guardians.repository.js';
import { normalEmail } from './links.repository.js';
import { consentedPlayerIds } from '../family/consents.repository.js';
import { CONSENT_PURPOSES, type PlayersNeedingAttention } from '../../../shared/schemas/guardian.js';

export const guardianMessages = {
  alreadyLinked: 'This person is already a guardian of this player.',
  isPlayerLogin: "A guardian's e-mail cannot be a player's sign-in e-mail.",
  notLive: 'This guardian link has ended; add the guardian again to restore it.',
  nothingToInvite: 'This guardian has no pending or active link to invite to.',
} as const;

const bool = (v: number) => v === 1;

function linkView(r: Awaited<ReturnType<typeof repo.linksOfPlayer>>[number]): GuardianLink {
  return {
    id: r.id,
    guardianId: r.guardian_id,
    email: r.email,
    name: r.name,
    relationship: r.relationship as GuardianLink['relationship'],
    isPrimary: bool(r.is_primary),
    receivesReports: bool(r.receives_reports),
    parentalResponsibility: bool(r.parental_responsibility),
    status: r.status,
    invitedAt: r.invited_at,
    lastSignInAt: r.last_sign_in_at,
    bouncedAt: r.bounced_at,
    bounceReason: r.bounce_reason,
  };
}

export async function playerGuardians(db: Kysely<DB>, playerId: number): Promise<GuardianLink[]> {
  return (await repo.linksOfPlayer(db, playerId)).map(linkView);
}

// A filter's count is the same on each of its pages: counted once per score version (ADR 0023;
// migration 0048 lists what moves it).
const counts = versionedCache<number>(256);

/** The Guardians list: guardians of the players the caller sees, with those players only. */
export async function listGuardians(
  db: Kysely<DB>,
  scope: readonly number[] | null,
  q: { filter: 'all' | 'unclaimed'; q?: string; page: number; pageSize: number; after?: [string] | undefined },
): Promise<GuardianList> {
  const filter = { scope, unclaimed: q.filter === 'unclaimed', q: q.q };
  const [{ rows, next }, total] = await Promise.all([
    repo.listGuardians(db, filter, q),
    counts(db, JSON.stringify([filter.scope, filter.unclaimed, filter.q ?? '']), () => repo.countGuardians(db, filter)),
  ]);
  const links = await repo.playersOfGuardians(
    db,
    rows.map((r) => r.id),
    scope,
  );
  const data = rows.map((g) => {
    const own = links.filter((l) => l.guardian_id === g.id);
    const invited = own
      .map((l) => l.invited_at)
      .filter((x): x is string => !!x)
      .sort();
    return {
      id: g.id,
      email: g.email,
      name: g.name,
      lastSignInAt: g.last_sign_in_at,
      invitedAt: invited.at(-1) ?? null,
      unclaimed: own.some((l) => l.status === 'invited') && !own.some((l) => l.status === 'active'),
      players: own.map((l) => ({ id: l.id, name: `${l.first_name} ${l.last_name}`, status: l.status })),
    };
  });
  return { data, total, page: q.page, pageSize: q.pageSize, next: next === null ? null : encodeCursor([next]) };
}

type Flags = Pick<
  z.output<typeof guardianLinkUpdateSchema>,
  'relationship' | 'is_primary' | 'receives_reports' | 'parental_responsibility'
>;
const flagValues = (f: Flags) => ({
  relationship: f.relationship,
  is_primary: f.is_primary ? 1 : 0,
  receives_reports: f.receives_reports ? 1 : 0,
  parental_responsibility: f.parental_responsibility ? 1 : 0,
});

/**
 * Links a guardian (an existing one with that e-mail is reused, its name untouched: it may be another
 * player's guardian too) to the player and mails the invitation once committed. A revoked or declined
 * link of the same person is invited again.
 *
 * A guardian's e-mail is never a player's sign-in. Only a caller who may learn which addresses sign in
 * (policies/players.ts) is told so for any player's address; anyone else only for this player's own
 * (which they see on the profile), so the form is no oracle. For them another player's sign-in is
 * linked like any address, but gets no invitation (its inbox is told instead) and has no standing:
 * it can never sign in or receive anything as a guardian (policies/standing.ts).
 */
export async function addGuardian(
  app: FastifyInstance,
  actor: Actor,
  playerId: number,
  b: z.output<typeof guardianAddSchema>,
): Promise<GuardianLink[]> {
  const email = normalEmail(b.email);
  const mayLearn = mayLearnTakenEmails(actor);
  if (mayLearn ? await repo.isPlayerLoginEmail(app.db, email) : await repo.isOwnSignInEmail(app.db, playerId, email))
    throw badRequest(guardianMessages.isPlayerLogin, 'email');
  const guardian = await app.db.transaction().execute(async (trx) => {
    const found = await repo.findGuardianByEmail(trx, email);
    const guardianId = found?.id ?? (await repo.insertGuardian(trx, email, b.name));
    const existing = await repo.findLinkOf(trx, guardianId, playerId);
    if (existing && (existing.status === 'active' || existing.status === 'invited'))
      throw conflict(guardianMessages.alreadyLinked, 'email');
    if (b.is_primary) await repo.clearPrimary(trx, playerId);
    const values = flagValues(b);
    let linkId: number;
    if (existing) {
      linkId = existing.id;
      // After the hand-over, receiving reports is the player's choice (docs/product.md#families): a link added again keeps it.
      const kept = (await claimedAt(trx, playerId)) !== null ? { receives_reports: existing.receives_reports } : {};
      await repo.updateLink(trx, existing.id, { ...values, ...kept, status: 'invited' });
    } else linkId = await repo.insertLink(trx, guardianId, playerId, values);
    await repo.promotePrimary(trx, playerId);
    const now = nowIso();
    await repo.markInvited(trx, guardianId, now);
    await recordAudit(trx, actor, 'create', 'guardian_link', linkId, `${email} linked to player ${playerId} as ${b.relationship}`);
    return { id: guardianId, email };
  });
  if (!mayLearn && (await repo.isPlayerLoginEmail(app.db, email))) await app.mailer.send(signInNotGuardianMail(email));
  else await sendFamilyLink(app.db, app.mailer, app.config.PUBLIC_URL, guardian, 'invite');
  return playerGuardians(app.db, playerId);
}

/** To an address that signs in as a player, instead of a guardian invitation it could not use. */
function signInNotGuardianMail(to: string) {
  return {
    to,
    subject: 'Your club tried to add you as a guardian',
    text: [
      'Hello,',
      '',
      "Your club added this e-mail address as a player's parent or guardian. This address already signs in to a player account, so it cannot also be a guardian's: no invitation was sent.",
      '',
      'If you are the parent or guardian, please give the club another e-mail address. If this is not about you, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/** Changes a live link's flags; making it primary takes primary from the others (exactly one). */
export async function updateGuardianLink(
  db: Kysely<DB>,
  actor: Actor,
  playerId: number,
  linkId: number,
  b: z.output<typeof guardianLinkUpdateSchema>,
): Promise<GuardianLink[]> {
  await db.transaction().execute(async (trx) => {
    const link = (await repo.findLink(trx, linkId))!;
    if (link.status !== 'active' && link.status !== 'invited') throw badRequest(guardianMessages.notLive);
    if (b.is_primary) await repo.clearPrimary(trx, playerId);
    await repo.updateLink(trx, linkId, flagValues(b));
    await repo.promotePrimary(trx, playerId);
    await recordAudit(
      trx,
      actor,
      'update',
      'guardian_link',
      linkId,
      `relationship ${b.relationship}, primary ${b.is_primary}, reports ${b.receives_reports}, parental responsibility ${b.parental_responsibility}`,
    );
  });
  return playerGuardians(db, playerId);
}

/**
 * Revokes the link: the guardian loses this child at once (every family request checks the link)
 * and their consents for the child stop counting (only active links' consents count).
 */
export async function revokeGuardianLink(db: Kysely<DB>, actor: Actor, playerId: number, linkId: number): Promise<GuardianLink[]> {
  await db.transaction().execute(async (trx) => {
    const link = (await repo.findLink(trx, linkId))!;
    if (link.status === 'revoked') return;
    await repo.updateLink(trx, linkId, { status: 'revoked', is_primary: 0 });
    await repo.promotePrimary(trx, playerId);
    await recordAudit(trx, actor, 'revoke', 'guardian_link', linkId, `guardian ${link.guardian_id} unlinked from player ${playerId}`);
  });
  return playerGuardians(db, playerId);
}

/** Resend invitation: a new one-time link (earlier unused ones end). */
export async function resendInvitation(app: FastifyInstance, actor: Actor, guardianId: number): Promise<void> {
  const guardian = (await repo.findGuardian(app.db, guardianId))!;
  const now = nowIso();
  const live = await app.db.transaction().execute(async (trx) => {
    const links = await repo.liveLinkCount(trx, guardianId);
    if (!links) return false;
    await repo.markInvited(trx, guardianId, now);
    await recordAudit(trx, actor, 'invite', 'guardian', guardianId, `invitation sent to ${guardian.email}`);
    return true;
  });
  if (!live) throw badRequest(guardianMessages.nothingToInvite);
  await sendFamilyLink(app.db, app.mailer, app.config.PUBLIC_URL, guardian, 'invite');
}

/** Players without an active guardian or without a consent (what staff must follow up); the first 200 by name. */
export async function playersNeedingAttention(db: Kysely<DB>, scope: readonly number[] | null): Promise<PlayersNeedingAttention> {
  const [players, ...consented] = await Promise.all([
    repo.playersWithActiveGuardians(db, scope),
    ...CONSENT_PURPOSES.map((p) => consentedPlayerIds(db, p)),
  ]);
  const rows = players.flatMap((p) => {
    const missing = CONSENT_PURPOSES.filter((_, i) => !consented[i]!.has(p.id));
    const activeGuardians = Number(p.active);
    return activeGuardians === 0 || missing.length
      ? [{ id: p.id, name: `${p.first_name} ${p.last_name}`, activeGuardians, missingConsents: missing }]
      : [];
  });
  return { total: rows.length, data: rows.slice(0, 200) };
}
