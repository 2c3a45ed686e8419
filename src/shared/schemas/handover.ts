import { z } from 'zod';
import { emailField } from './common.js';
import { CONSENT_PURPOSES, LINK_STATUSES, RELATIONSHIPS } from './guardian.js';
import { newPasswordField } from './password.js';

/** Age and hand-over (docs/product.md#families, ADR 0019): the player takes over their account. */

/** A claim link works once, for this long (the player may not read their mail every day). */
export const CLAIM_LINK_MINUTES = 14 * 24 * 60;

/** GET /api/player/{id}/handover: where the player stands, as staff see it. */
export const handoverStatusSchema = z.object({
  playerId: z.number(),
  /** Null when the birth year is unknown: no hand-over date can be computed. */
  handoverDate: z.string().nullable(),
  handoverAge: z.number(),
  /** The player has reached the hand-over age: a claim link may be sent. */
  reached: z.boolean(),
  noticeAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  playerEmail: z.string().nullable(),
});
export type HandoverStatus = z.infer<typeof handoverStatusSchema>;

/** POST /api/player/{id}/handover/claim-link: where the link goes (the player's own address, never a guardian's). */
export const claimLinkSendSchema = z.object({ email: emailField });
export type ClaimLinkSend = z.input<typeof claimLinkSendSchema>;

/** POST /api/handover/claim: the link's token and the player's new password. */
export const claimSchema = z.object({
  token: z.string().min(20, { error: 'This link is incomplete.' }).max(200),
  password: newPasswordField,
});
export type Claim = z.infer<typeof claimSchema>;

/** The claim's answer: the address to sign in with. */
export const claimAnswerSchema = z.object({ email: z.string() });

/** One guardian as the player sees them after the claim. */
export const ownGuardianSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  relationship: z.enum(RELATIONSHIPS),
  status: z.enum(LINK_STATUSES),
  /** Sees new data about the player (off: "nothing new", the default). */
  sharesAfterHandover: z.boolean(),
  receivesReports: z.boolean(),
});
export type OwnGuardian = z.infer<typeof ownGuardianSchema>;

/** GET /api/player/{id}/family: the player's own family choices. */
export const ownFamilySchema = z.object({
  claimedAt: z.string().nullable(),
  guardians: z.array(ownGuardianSchema),
  consents: z.array(z.object({ purpose: z.enum(CONSENT_PURPOSES), granted: z.boolean(), text: z.string(), version: z.number() })),
});
export type OwnFamily = z.infer<typeof ownFamilySchema>;

/** POST /api/player/{id}/family/guardian/{linkId}: what this guardian still sees and receives. */
export const ownGuardianChoiceSchema = z.object({ shares_after_handover: z.boolean(), receives_reports: z.boolean() });
export type OwnGuardianChoice = z.infer<typeof ownGuardianChoiceSchema>;

/** POST /api/player/{id}/family/consent: the player's own choice for one purpose. */
export const ownConsentSchema = z.object({ purpose: z.enum(CONSENT_PURPOSES), granted: z.boolean() });
export type OwnConsent = z.infer<typeof ownConsentSchema>;
