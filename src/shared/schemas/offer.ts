import { z } from 'zod';
import { idParam, requiredText } from './common.js';

/**
 * Offers of a team place to the selected players of a finalised draft (docs/product.md#offers). A bulk
 * send shows its recipients first and goes out only with that preview's confirmation; each recipient
 * answers by a one-time link; a decline or an expired deadline offers the place to the team's next
 * waitlisted player and tells staff.
 */

export const OFFER_STATES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Deadline passed',
  withdrawn: 'Withdrawn',
};

/** Why a chosen player gets no e-mail (the report delivery's recipients rule, ADR 0020). */
export const OFFER_UNDELIVERABLE = ['no_guardian', 'no_email', 'no_consent'] as const;
export type OfferUndeliverable = (typeof OFFER_UNDELIVERABLE)[number];
export const OFFER_UNDELIVERABLE_LABELS: Record<OfferUndeliverable, string> = {
  no_guardian: 'No guardian who receives club e-mail has a confirmed, active link',
  no_email: 'No e-mail: no guardian and no own sign-in',
  no_consent: 'The guardians have not given (or withdrew) their consent to e-mail',
};

/** A deadline is a calendar day; the offer stays open until that day's end (UTC). */
const deadlineDay = z.iso.date({ error: 'Choose a deadline date.' });

export const offerPreviewInputSchema = z.object({
  /** Omitted: every selected, placed player without a pending or accepted offer. */
  player_ids: z.array(idParam).max(2000).optional(),
  deadline: deadlineDay,
});
export type OfferPreviewInput = z.infer<typeof offerPreviewInputSchema>;

export const offerSendInputSchema = offerPreviewInputSchema.extend({
  /** The preview's `confirmation`: the send refuses when what it would send differs from what was shown. */
  confirmation: z.string({ error: 'Preview the offers first.' }).regex(/^[0-9a-f]{64}$/, { error: 'Preview the offers first.' }),
});
export type OfferSendInput = z.infer<typeof offerSendInputSchema>;

const teamRef = z.object({ id: z.number().int(), name: z.string() });
const recipientSchema = z.object({ kind: z.enum(['guardian', 'player']), email: z.string() });

export const offerPreviewSchema = z.object({
  draft: z.object({ id: z.number().int(), name: z.string() }),
  deadline: z.string(),
  /** "N offers to M recipients". */
  offers: z.number().int(),
  recipients: z.number().int(),
  items: z.array(z.object({ player_id: z.number().int(), name: z.string(), team: teamRef, to: z.array(recipientSchema) })),
  undeliverable: z.array(z.object({ player_id: z.number().int(), name: z.string(), team: teamRef, reason: z.enum(OFFER_UNDELIVERABLE) })),
  /** Hash of exactly what would be sent; the send must quote it. */
  confirmation: z.string(),
});
export type OfferPreview = z.infer<typeof offerPreviewSchema>;

export const offerSendResultSchema = offerPreviewSchema.extend({ sent: z.number().int(), failed: z.number().int() });
export type OfferSendResult = z.infer<typeof offerSendResultSchema>;

export const offerRowSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  name: z.string(),
  team: teamRef,
  state: z.enum(OFFER_STATES),
  deadline: z.string(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  /** 'guardian' | 'player' | 'deadline'. */
  answered_by: z.string().nullable(),
  /** Set when this offer went to a waitlisted player after another's decline or expiry. */
  replaces_offer_id: z.number().int().nullable(),
  to: z.array(recipientSchema.extend({ used_at: z.string().nullable() })),
});
export type OfferRow = z.infer<typeof offerRowSchema>;

export const draftOffersSchema = z.object({
  draft: z.object({ id: z.number().int(), name: z.string(), state: z.string() }),
  offers: z.array(offerRowSchema),
  /** Selected, placed players without a pending or accepted offer: the default of the next send. */
  unsent: z.number().int(),
});
export type DraftOffers = z.infer<typeof draftOffersSchema>;

// Message templates

export const TEMPLATE_KEYS = ['offer', 'promotion_notice'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
export const TEMPLATE_PLACEHOLDERS: Record<TemplateKey, readonly string[]> = {
  offer: ['{player}', '{team}', '{deadline}', '{link}'],
  promotion_notice: ['{player}', '{team}', '{deadline}', '{previous}', '{outcome}', '{draft}'],
};

export const templateKeyParams = z.object({ key: z.enum(TEMPLATE_KEYS, { error: 'Unknown template.' }) });

export const templateUpdateSchema = z.object({ subject: requiredText(200), body: requiredText(5000) });
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export const templateSchema = templateUpdateSchema.extend({
  key: z.enum(TEMPLATE_KEYS),
  placeholders: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;

// The one-time answer link (public)

export const INVALID_OFFER_LINK = 'This offer link is not valid. Ask the club for a new one.';
export const ANSWERED_OFFER_LINK = 'This offer has already been answered or is closed.';

export const offerLinkSchema = z.object({
  token: z.string().min(10, { error: INVALID_OFFER_LINK }).max(200, { error: INVALID_OFFER_LINK }),
});
export const offerAnswerSchema = offerLinkSchema.extend({ answer: z.enum(['accept', 'decline'], { error: 'Choose accept or decline.' }) });
export type OfferAnswer = z.infer<typeof offerAnswerSchema>;
/** POST /api/family/player/{id}/offer/{offerId}/answer: the same answer from a family sign-in, no link needed. */
export const familyOfferAnswerSchema = offerAnswerSchema.pick({ answer: true });

/** What the public page shows: the first name only, the team, the deadline and whether it can still be answered. */
export const offerLinkViewSchema = z.object({
  first_name: z.string(),
  team: z.string(),
  deadline: z.string(),
  state: z.enum(OFFER_STATES),
  answerable: z.boolean(),
});
export type OfferLinkView = z.infer<typeof offerLinkViewSchema>;
