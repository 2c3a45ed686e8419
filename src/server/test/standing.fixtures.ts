import { nowIso, addMinutes } from '../lib/time.js';
import { CLAIM_LINK_MINUTES } from '../../shared/schemas/handover.js';
import { REPORT_LINK_DAYS } from '../../shared/schemas/report-delivery.js';
import { randomToken, sha256 } from '../modules/auth/tokens.js';
import { sendFamilyLink } from '../modules/family/family-auth.service.js';
import { familyLogin, linkToken } from '../modules/family/family.fixtures.js';
import { replaceClaimToken } from '../modules/handover/handover.repository.js';
import { issueOffer } from '../modules/offers/offers.service.js';
import { insertDelivery } from '../modules/reports/delivery.repository.js';
import { approvedReport, reportCycle } from '../modules/reports/reports.fixtures.js';
import type { Client, TestApp } from './harness.js';

/**
 * A family holding every kind of bearer link (policies/standing.ts), for the tests that take the
 * holder's standing away: a new player of the team with a parent (the parent e-mail's primary link,
 * made active by a sign-in, reports consent granted) and, unused, a family sign-in link, a report link
 * and an offer link of the parent, and the player's claim link.
 */
export interface Holder {
  playerId: number;
  teamId: number;
  guardianId: number;
  linkId: number;
  email: string;
  family: Client;
  tokens: { signIn: string; report: string; offer: string; claim: string };
  claimEmail: string;
}

export const CLAIM_PASSWORD = 'Harbour-lantern-quietly-47';

const ok = (res: { statusCode: number; body: string; json(): unknown }, what: string) => {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: unknown }).data;
};

export async function holder(t: TestApp, admin: Client, teamId: number, name: string): Promise<Holder> {
  const slug = name.toLowerCase().replace(/\W+/g, '.');
  const email = `standing.${slug}@example.org`;
  const player = ok(await admin.post('/api/players', { first_name: 'Standing', last_name: name, email, team_id: [teamId] }), 'player') as {
    id: number;
  };
  const family = await familyLogin(t, email);
  ok(await family.post(`/api/family/player/${player.id}/consent`, { purpose: 'reports', granted: true }), 'consent');
  const link = await t.db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
    .select(['l.id', 'g.id as guardian_id', 'g.email'])
    .where('l.player_id', '=', player.id)
    .executeTakeFirstOrThrow();
  const guardian = { id: link.guardian_id, email: link.email };
  const at = nowIso();

  let signInText = '';
  await sendFamilyLink(t.db, { send: async (m) => void (signInText = m.text) }, 'http://club.test', guardian, 'signin');

  const cycle = await reportCycle(t.db, [teamId], `Standing ${name}`);
  const report = await approvedReport(t.db, { cycleId: cycle, playerId: player.id, teamId, state: 'sent' });
  const reportToken = randomToken();
  await insertDelivery(t.db, {
    report_id: report,
    recipient_kind: 'guardian',
    guardian_id: guardian.id,
    user_id: null,
    email: guardian.email,
    token_hash: sha256(reportToken),
    expires_at: addMinutes(at, REPORT_LINK_DAYS * 24 * 60),
    created_at: at,
    message_id: `standing-${slug}@club.test`,
  });

  const offerToken = await offerLink(t, player.id, teamId, guardian, name);

  const claim = randomToken();
  const claimEmail = `standing.${slug}.own@example.org`;
  await replaceClaimToken(t.db, {
    player_id: player.id,
    email: claimEmail,
    token_hash: sha256(claim),
    expires_at: addMinutes(at, CLAIM_LINK_MINUTES),
    created_at: at,
  });
  return {
    playerId: player.id,
    teamId,
    guardianId: guardian.id,
    linkId: link.id,
    email: guardian.email,
    family,
    tokens: { signIn: linkToken(signInText), report: reportToken, offer: offerToken, claim },
    claimEmail,
  };
}

/** A pending offer of a place in the team (a finalised draft of its own) to the guardian; answers its link's token. */
async function offerLink(t: TestApp, playerId: number, teamId: number, guardian: { id: number; email: string }, name: string) {
  const at = nowIso();
  const team = await t.db.selectFrom('teams').select(['name', 'season_id']).where('id', '=', teamId).executeTakeFirstOrThrow();
  return t.db.transaction().execute(async (trx) => {
    const draft = await trx
      .insertInto('drafts')
      .values({ name: `Standing ${name}`, season_id: team.season_id, state: 'finalised', version: 3, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('draft_teams').values({ draft_id: draft.id, team_id: teamId, target_size: 1 }).execute();
    const deadline = addMinutes(at, 14 * 24 * 60);
    const { mails } = await issueOffer(
      trx,
      { draft_id: draft.id, player_id: playerId, team_id: teamId, deadline, replaces_offer_id: null, created_by: null },
      [{ kind: 'guardian', email: guardian.email, guardian_id: guardian.id, user_id: null }],
      { player: 'Standing', team: team.name },
      at,
    );
    return mails[0]!.token;
  });
}

/** Staff revoke the guardian's link. */
export async function revoke(admin: Client, h: Holder): Promise<void> {
  ok(await admin.post(`/api/player/${h.playerId}/guardian/${h.linkId}/revoke`), 'revoke');
}

/** The player claims their account with their link (the guardian's link then shares nothing by default). */
export async function claim(t: TestApp, h: Holder): Promise<void> {
  ok(await t.anon.post('/api/handover/claim', { token: h.tokens.claim, password: CLAIM_PASSWORD }), 'claim');
}

/** An erasure request for the player, approved: the erasure runs. */
export async function erase(admin: Client, h: Holder): Promise<void> {
  const made = ok(await admin.post(`/api/player/${h.playerId}/erasure-request`, { reason: 'Standing test' }), 'erasure request') as {
    requests: { id: number }[];
  };
  ok(await admin.post(`/api/privacy/request/${made.requests[0]!.id}/decide`, { decision: 'approve' }), 'erase');
}
