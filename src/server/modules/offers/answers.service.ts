import type { Kysely } from 'kysely';
import { ANSWERED_OFFER_LINK, INVALID_OFFER_LINK, type OfferLinkView } from '../../../shared/schemas/offer.js';
import type { DB, OfferState } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit } from '../audit/audit.repository.js';
import { sha256 } from '../auth/tokens.js';
import { recipientsOf } from '../reports/recipients.js';
import { guardianStanding, playerStanding } from '../../policies/standing.js';
import { playerTotals } from '../scores/scores.repository.js';
import * as drafts from '../drafts/drafts.repository.js';
import * as repo from './offers.repository.js';
import { issueOffer, mailOffers, type OfferMail } from './offers.service.js';
import * as templates from './templates.service.js';
import { now as clockNow } from '../../lib/time.js';

/**
 * Answers to offers (docs/product.md#offers): by the one-time link, or the deadline passing. Accept
 * keeps the membership; decline or expiry removes it, withdraws the candidate and offers the place to
 * the team's next waitlisted player (selected, placed, a new offer with the same deadline length), and
 * staff are told. Each decision change bumps the draft's version and appends a draft event.
 */

type Db = Kysely<DB>;
type Offer = NonNullable<Awaited<ReturnType<typeof repo.findOffer>>>;

interface Notice {
  draft_id: number;
  team_id: number;
  previous: string;
  outcome: 'declined' | 'did not answer by the deadline for';
  promoted: { player: string; deadline: string; reachable: boolean } | null;
}

interface Effects {
  mails: OfferMail[];
  notices: Notice[];
}

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;

async function event(trx: Db, draftId: number, kind: string, playerId: number, detail: Record<string, unknown>, at: string): Promise<void> {
  const version = await repo.bumpVersion(trx, draftId, at);
  await repo.appendEvent(trx, {
    draft_id: draftId,
    version,
    kind,
    player_id: playerId,
    detail,
    reason: null,
    user_id: null,
    created_at: at,
  });
}

/**
 * The link's delivery, only while its holder has standing for the offer now (policies/standing.ts):
 * a guardian whose link was revoked, whom the player no longer shares with after the hand-over, or an
 * erased player's link answers as an unknown link does.
 */
async function findLink(db: Db, token: string) {
  const found = await repo.findByToken(db, sha256(token));
  if (!found) throw badRequest(INVALID_OFFER_LINK, 'token');
  const decision =
    found.recipient_kind === 'guardian' && found.guardian_id !== null
      ? (await guardianStanding(db, found.guardian_id, found.player_id, 'offer')).decision
      : found.recipient_kind === 'player' && found.user_id !== null
        ? await playerStanding(db, found.user_id, found.player_id, 'offer')
        : 'noLink';
  if (decision !== 'allow') throw badRequest(INVALID_OFFER_LINK, 'token');
  return found;
}

export async function view(db: Db, token: string, now = clockNow()): Promise<OfferLinkView> {
  const found = await findLink(db, token);
  return {
    first_name: found.first_name,
    team: found.team_name,
    deadline: found.deadline,
    state: found.state,
    answerable: found.state === 'pending' && !found.used_at && Date.parse(found.deadline) >= now.getTime(),
  };
}

/** Uses the link once: an unknown token (or a holder without standing) is 400; a used link, an answered, expired or closed offer 409. */
export async function answer(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  token: string,
  choice: 'accept' | 'decline',
  now = clockNow(),
): Promise<OfferLinkView> {
  const found = await findLink(db, token);
  if (found.state !== 'pending' || found.used_at || Date.parse(found.deadline) < now.getTime()) throw conflict(ANSWERED_OFFER_LINK);
  await settle(
    db,
    mailer,
    publicUrl,
    {
      offerId: found.offer_id,
      deliveryId: found.delivery_id,
      by: found.recipient_kind,
      // Asked again inside: a link revoked while this answer was on its way does not answer.
      recheck: async (trx) => void (await findLink(trx, token)),
    },
    choice,
    now,
  );
  return { ...(await view(db, token, now)), answerable: false };
}

/**
 * The same answer from the family portal (a guardian signed in, docs/product.md#families): no link
 * needed. The caller asked the standing rule (policies/family-inbox.ts); it is asked again inside the
 * transaction. The guardian's own mailed link, if any, is used up with it; an answered, expired or
 * closed offer is 409.
 */
export async function answerAsGuardian(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  offer: { id: number; player_id: number; state: OfferState; deadline: string },
  guardianId: number,
  choice: 'accept' | 'decline',
  now = clockNow(),
): Promise<void> {
  if (offer.state !== 'pending' || Date.parse(offer.deadline) < now.getTime()) throw conflict(ANSWERED_OFFER_LINK);
  const delivery = await repo.guardianOfferDelivery(db, offer.id, guardianId);
  await settle(
    db,
    mailer,
    publicUrl,
    {
      offerId: offer.id,
      deliveryId: delivery?.id ?? null,
      by: 'guardian',
      recheck: async (trx) => {
        if ((await guardianStanding(trx, guardianId, offer.player_id, 'offer')).decision !== 'allow') throw conflict(ANSWERED_OFFER_LINK);
      },
    },
    choice,
    now,
  );
}

/** One answer, once: the delivery claimed (when there is one), the offer closed, the place kept or released; effects after the commit. */
async function settle(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  target: { offerId: number; deliveryId: number | null; by: 'guardian' | 'player'; recheck: (trx: Db) => Promise<void> },
  choice: 'accept' | 'decline',
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const effects: Effects = { mails: [], notices: [] };
  await db.transaction().execute(async (trx) => {
    const state: OfferState = choice === 'accept' ? 'accepted' : 'declined';
    await target.recheck(trx);
    if (
      (target.deliveryId !== null && !(await repo.claimDelivery(trx, target.deliveryId, at))) ||
      !(await repo.closeOffer(trx, target.offerId, state, at, target.by))
    )
      throw conflict(ANSWERED_OFFER_LINK);
    const offer = (await repo.findOffer(trx, target.offerId))!;
    if (choice === 'accept') {
      await repo.addMembership(trx, offer.team_id, offer.player_id);
      await event(
        trx,
        offer.draft_id,
        'offer_accepted',
        offer.player_id,
        { offer_id: offer.id, team_id: offer.team_id, by: target.by },
        at,
      );
    } else {
      await release(trx, offer, 'offer_declined', at, effects);
    }
    await recordAudit(trx, null, 'offer_answer', 'offer', offer.id, `${target.by} ${state} the offer of player ${offer.player_id}`);
  });
  await deliver(db, mailer, publicUrl, effects);
}

/**
 * Expires pending offers whose deadline has passed (the offers job, hourly) and promotes for each;
 * stops between offers once the server closes. Answers how many expired.
 */
export async function expireDue(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  now: Date,
  closing: () => boolean = () => false,
): Promise<number> {
  const at = now.toISOString();
  let expired = 0;
  for (;;) {
    const due = await repo.duePending(db, at, 20);
    if (!due.length) return expired;
    for (const offer of due) {
      if (closing()) return expired;
      const effects: Effects = { mails: [], notices: [] };
      const done = await db.transaction().execute(async (trx) => {
        if (!(await repo.closeOffer(trx, offer.id, 'expired', at, 'deadline'))) return false;
        await release(trx, offer, 'offer_expired', at, effects);
        await recordAudit(trx, null, 'offer_expire', 'offer', offer.id, `the offer of player ${offer.player_id} passed its deadline`);
        return true;
      });
      if (!done) continue;
      expired++;
      await deliver(db, mailer, publicUrl, effects);
    }
  }
}

/** The place is given up: membership removed, candidate withdrawn, and the next waitlisted player promoted. */
async function release(trx: Db, offer: Offer, kind: 'offer_declined' | 'offer_expired', at: string, effects: Effects): Promise<void> {
  const before = await drafts.candidate(trx, offer.draft_id, offer.player_id);
  await drafts.deleteMembership(trx, offer.team_id, offer.player_id);
  await drafts.updateCandidate(trx, offer.draft_id, offer.player_id, { decision: 'withdrawn', team_id: null, waitlist_rank: null }, at);
  await event(
    trx,
    offer.draft_id,
    kind,
    offer.player_id,
    { offer_id: offer.id, team_id: offer.team_id, from: before?.decision ?? null, to: 'withdrawn' },
    at,
  );
  const previous = fullName(await repo.playerName(trx, offer.player_id));
  const outcome = kind === 'offer_declined' ? 'declined' : 'did not answer by the deadline for';
  const next = await nextWaitlisted(trx, offer.draft_id, offer.team_id);
  if (!next) {
    effects.notices.push({ draft_id: offer.draft_id, team_id: offer.team_id, previous, outcome, promoted: null });
    return;
  }
  await drafts.updateCandidate(
    trx,
    offer.draft_id,
    next.player_id,
    { decision: 'selected', team_id: offer.team_id, waitlist_rank: null },
    at,
  );
  await repo.addMembership(trx, offer.team_id, next.player_id);
  await event(
    trx,
    offer.draft_id,
    'promoted',
    next.player_id,
    { from: 'waitlisted', to: 'selected', team_id: offer.team_id, replaces_offer_id: offer.id },
    at,
  );
  // The promoted player gets as long to answer as the first offer gave.
  const length = Math.max(Date.parse(offer.deadline) - Date.parse(offer.created_at), 24 * 60 * 60 * 1000);
  const deadline = new Date(Date.parse(at) + length).toISOString();
  const r = (await recipientsOf(trx, [next.player_id])).get(next.player_id)!;
  const team = await repo.teamName(trx, offer.team_id);
  const issued = await issueOffer(
    trx,
    {
      draft_id: offer.draft_id,
      player_id: next.player_id,
      team_id: offer.team_id,
      deadline,
      replaces_offer_id: offer.id,
      created_by: null,
    },
    r.to,
    { player: next.first_name, team },
    at,
  );
  effects.mails.push(...issued.mails);
  effects.notices.push({
    draft_id: offer.draft_id,
    team_id: offer.team_id,
    previous,
    outcome,
    promoted: { player: fullName(next), deadline, reachable: r.to.length > 0 },
  });
}

/** The team's next waitlisted candidate: lowest waitlist rank (unranked last), then the highest total. */
async function nextWaitlisted(trx: Db, draftId: number, teamId: number) {
  const waiting = await repo.waitlisted(trx, draftId, teamId);
  if (!waiting.length) return null;
  const totals = await playerTotals(trx, { playerIds: waiting.map((w) => w.player_id) });
  const rank = (r: number | null) => r ?? Number.MAX_SAFE_INTEGER;
  waiting.sort(
    (a, b) =>
      rank(a.waitlist_rank) - rank(b.waitlist_rank) ||
      (totals.get(b.player_id) ?? 0) - (totals.get(a.player_id) ?? 0) ||
      a.player_id - b.player_id,
  );
  return waiting[0]!;
}

/** After the commit: the promoted players' offers, then the staff notices. */
async function deliver(db: Db, mailer: Mailer, publicUrl: string, effects: Effects): Promise<void> {
  await mailOffers(db, mailer, publicUrl, effects.mails);
  if (!effects.notices.length) return;
  const t = await templates.template(db, 'promotion_notice');
  for (const n of effects.notices) {
    const [to, team, draft] = await Promise.all([
      repo.staffToTell(db, n.draft_id, n.team_id),
      repo.teamName(db, n.team_id),
      repo.findDraft(db, n.draft_id),
    ]);
    let subject: string;
    let text: string;
    if (n.promoted) {
      const values = {
        player: n.promoted.player,
        team,
        deadline: templates.longDate(n.promoted.deadline),
        previous: n.previous,
        outcome: n.outcome,
        draft: draft?.name ?? '',
      };
      subject = templates.render(t.subject, values);
      text = templates.render(t.body, values);
      if (!n.promoted.reachable)
        text += `\n\n${n.promoted.player} has no guardian or own sign-in who can receive the offer by e-mail: please tell the family another way.`;
    } else {
      subject = `${team}: ${n.previous} ${n.outcome === 'declined' ? 'declined' : 'did not answer'}, nobody is waiting`;
      text = `Hello,\n\nIn the draft "${draft?.name ?? ''}", ${n.previous} ${n.outcome} the place in ${team}. Nobody is on the team's waiting list, so the place is open.`;
    }
    for (const address of to) await mailer.send({ to: address, subject, text });
  }
}
