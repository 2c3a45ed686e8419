import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { DraftOffers, OfferPreview, OfferPreviewInput, OfferSendInput, OfferSendResult } from '../../../shared/schemas/offer.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { now as clockNow, nowIso } from '../../lib/time.js';
import type { Mailer } from '../../mail/mailer.js';
import type { DraftRow as OfferDraft } from '../drafts/drafts.repository.js';
import { recordAudit } from '../audit/audit.repository.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { recipientsOf, type Recipient } from '../reports/recipients.js';
import * as repo from './offers.repository.js';
import * as templates from './templates.service.js';

type Db = Kysely<DB>;

export const offerMessages = {
  notFinalised: 'Offers go out once the draft is finalised.',
  notSelected: (name: string) => `${name} is not a selected player placed in a team of this draft.`,
  unknownPlayer: 'One of the chosen players is not a selected player placed in a team of this draft.',
  alreadyOffered: (name: string) => `${name} already has an open or accepted offer.`,
  pastDeadline: 'The deadline must be today or later.',
  nothing: 'There is no offer to send: every chosen player is listed as not reachable.',
  changed: 'What would be sent has changed since the preview (players, recipients or deadline). Preview again and check it.',
} as const;

/** A deadline day ends at its last millisecond (UTC). */
export const deadlineOf = (day: string) => `${day}T23:59:59.999Z`;

/** One e-mail to send once its offer is committed; the token exists only here and in the mail. */
export interface OfferMail {
  to: string;
  token: string;
  player: string;
  team: string;
  deadline: string;
}

/**
 * Writes an offer and one delivery (its own one-time link, only the sha-256 kept) per recipient,
 * inside the caller's transaction; answers the mails to send after the commit.
 */
export async function issueOffer(
  trx: Db,
  offer: {
    draft_id: number;
    player_id: number;
    team_id: number;
    deadline: string;
    replaces_offer_id: number | null;
    created_by: number | null;
  },
  to: readonly Recipient[],
  names: { player: string; team: string },
  at: string,
): Promise<{ id: number; mails: OfferMail[] }> {
  const id = await repo.insertOffer(trx, { ...offer, created_at: at });
  const mails: OfferMail[] = [];
  for (const r of to) {
    const token = randomToken();
    await repo.insertDelivery(trx, {
      offer_id: id,
      recipient_kind: r.kind,
      guardian_id: r.guardian_id,
      user_id: r.user_id,
      email: r.email,
      token_hash: sha256(token),
      created_at: at,
    });
    mails.push({ to: r.email, token, player: names.player, team: names.team, deadline: offer.deadline });
  }
  return { id, mails };
}

/** Sends the offer e-mails from the editable template; the link is a secret (sealed in the outbox). */
export async function mailOffers(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  mails: readonly OfferMail[],
): Promise<{ sent: number; failed: number }> {
  if (!mails.length) return { sent: 0, failed: 0 };
  const t = await templates.template(db, 'offer');
  let sent = 0;
  let failed = 0;
  for (const m of mails) {
    const values = {
      player: m.player,
      team: m.team,
      deadline: templates.longDate(m.deadline),
      link: `${publicUrl.replace(/\/+$/, '')}/offer?token=${encodeURIComponent(m.token)}`,
    };
    const { link: _secret, ...inClear } = values;
    const outcome = await mailer.send({
      to: m.to,
      // Never the link in a subject (kept unsealed): a template saved before that rule shows {link} as written.
      subject: templates.render(t.subject, inClear),
      text: templates.render(t.body, values),
      sensitive: true,
    });
    if (outcome && outcome.status === 'failed') failed++;
    else sent++;
  }
  return { sent, failed };
}

interface Plan {
  preview: OfferPreview;
  sends: { player_id: number; first_name: string; team: { id: number; name: string }; to: Recipient[] }[];
}

/**
 * What a send would do: every chosen player is either an offer with its recipients or listed as
 * undeliverable with why — never left out. The confirmation hashes exactly that, so a send whose
 * players, recipients or deadline differ from what was shown is refused.
 */
async function plan(db: Db, draft: OfferDraft, input: OfferPreviewInput, now = clockNow()): Promise<Plan> {
  if (draft.state !== 'finalised') throw conflict(offerMessages.notFinalised);
  const deadline = deadlineOf(input.deadline);
  if (Date.parse(deadline) < now.getTime()) throw badRequest(offerMessages.pastDeadline, 'deadline');
  const [selected, open] = await Promise.all([repo.selectedPlaced(db, draft.id), repo.playersWithOpenOffers(db, draft.id)]);
  let chosen = selected.filter((s) => !open.has(s.player_id));
  if (input.player_ids) {
    const wanted = new Set(input.player_ids);
    for (const id of wanted) {
      const s = selected.find((x) => x.player_id === id);
      if (!s) throw badRequest(offerMessages.unknownPlayer, 'player_ids');
      if (open.has(id)) throw badRequest(offerMessages.alreadyOffered(`${s.first_name} ${s.last_name}`), 'player_ids');
    }
    chosen = selected.filter((s) => wanted.has(s.player_id));
  }
  const recipients = await recipientsOf(
    db,
    chosen.map((c) => c.player_id),
  );
  const preview: OfferPreview = {
    draft: { id: draft.id, name: draft.name },
    deadline,
    offers: 0,
    recipients: 0,
    items: [],
    undeliverable: [],
    confirmation: '',
  };
  const sends: Plan['sends'] = [];
  for (const c of chosen) {
    const name = `${c.first_name} ${c.last_name}`;
    const team = { id: c.team_id, name: c.team_name };
    const r = recipients.get(c.player_id)!;
    if (r.reason) {
      preview.undeliverable.push({ player_id: c.player_id, name, team, reason: r.reason });
      continue;
    }
    preview.items.push({ player_id: c.player_id, name, team, to: r.to.map(({ kind, email }) => ({ kind, email })) });
    sends.push({ player_id: c.player_id, first_name: c.first_name, team, to: r.to });
    preview.offers++;
    preview.recipients += r.to.length;
  }
  preview.confirmation = sha256(
    JSON.stringify({
      draft: draft.id,
      deadline,
      items: preview.items.map((i) => [i.player_id, i.team.id, i.to.map((t) => `${t.kind}:${t.email}`)]),
      undeliverable: preview.undeliverable.map((u) => [u.player_id, u.reason]),
    }),
  );
  return { preview, sends };
}

export async function preview(db: Db, draft: OfferDraft, input: OfferPreviewInput): Promise<OfferPreview> {
  return (await plan(db, draft, input)).preview;
}

/** Sends what the preview showed, only with its confirmation: the offers and links in one transaction, then the mails. */
export async function send(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  actor: Actor,
  draft: OfferDraft,
  input: OfferSendInput,
): Promise<OfferSendResult> {
  const { preview: p, sends } = await plan(db, draft, input);
  if (input.confirmation !== p.confirmation) throw conflict(offerMessages.changed);
  if (!sends.length) throw badRequest(offerMessages.nothing, 'player_ids');
  const at = nowIso();
  const mails: OfferMail[] = [];
  await db.transaction().execute(async (trx) => {
    // A second sender in between would give a player two offers: the open-offer check runs again inside.
    const open = await repo.playersWithOpenOffers(trx, draft.id);
    if (sends.some((s) => open.has(s.player_id))) throw conflict(offerMessages.changed);
    for (const s of sends) {
      const issued = await issueOffer(
        trx,
        {
          draft_id: draft.id,
          player_id: s.player_id,
          team_id: s.team.id,
          deadline: p.deadline,
          replaces_offer_id: null,
          created_by: actor.id,
        },
        s.to,
        { player: s.first_name, team: s.team.name },
        at,
      );
      mails.push(...issued.mails);
    }
    await recordAudit(
      trx,
      actor,
      'offer',
      'draft',
      draft.id,
      `sent ${p.offers} offers to ${p.recipients} recipients, deadline ${p.deadline.slice(0, 10)}`,
    );
  });
  return { ...p, ...(await mailOffers(db, mailer, publicUrl, mails)) };
}

/** The staff view: every offer of the draft with its state, to whom it went and when it was answered. */
export async function list(db: Db, draft: OfferDraft): Promise<DraftOffers> {
  const [offers, selected, open] = await Promise.all([
    repo.offersOfDraft(db, draft.id),
    repo.selectedPlaced(db, draft.id),
    repo.playersWithOpenOffers(db, draft.id),
  ]);
  const deliveries = await repo.deliveriesOf(
    db,
    offers.map((o) => o.id),
  );
  return {
    draft: { id: draft.id, name: draft.name, state: draft.state },
    unsent: selected.filter((s) => !open.has(s.player_id)).length,
    offers: offers.map((o) => ({
      id: o.id,
      player_id: o.player_id,
      name: `${o.first_name} ${o.last_name}`,
      team: { id: o.team_id, name: o.team_name },
      state: o.state,
      deadline: o.deadline,
      created_at: o.created_at,
      answered_at: o.answered_at,
      answered_by: o.answered_by,
      replaces_offer_id: o.replaces_offer_id,
      to: deliveries.filter((d) => d.offer_id === o.id).map((d) => ({ kind: d.recipient_kind, email: d.email, used_at: d.used_at })),
    })),
  };
}
