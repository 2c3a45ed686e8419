import { z } from 'zod';
import { emailField, pageFields, refFields } from './common.js';
import { cursorParam, nextCursorField } from './cursor.js';

/** Guardians and their links to players (docs/product.md#families, ADR 0019). Shared by routes and forms. */

export const RELATIONSHIPS = ['parent', 'guardian', 'grandparent', 'other'] as const;
export const LINK_STATUSES = ['invited', 'active', 'declined', 'revoked'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];
/** Consent purposes, in the order the screens list them. */
export const CONSENT_PURPOSES = ['reports', 'media', 'public_name'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** A sign-in link mailed to a guardian works once, for this long. */
export const FAMILY_LINK_MINUTES = 30;
/** An invitation (sent by staff) works once, for this long. */
export const FAMILY_INVITE_MINUTES = 7 * 24 * 60;
/** A sign-in a user manager hands to a guardian in person (link or QR code on the GUARDIANS panel) works once, for this long. */
export const FAMILY_HANDOUT_MINUTES = 15;

/** POST /api/player/{id}/guardian/{linkId}/sign-in-link: the one-time link, shown once, and when it ends. */
export const handedSignInSchema = z.object({ link: z.string(), expiresAt: z.string() });
export type HandedSignIn = z.infer<typeof handedSignInSchema>;

const linkFlags = {
  relationship: z.enum(RELATIONSHIPS).default('parent'),
  is_primary: z.boolean().default(false),
  receives_reports: z.boolean().default(true),
  parental_responsibility: z.boolean().default(true),
};

/** POST /api/player/{id}/guardians: a guardian by e-mail (an existing one is reused) and the link's flags. */
export const guardianAddSchema = z.object({ email: emailField, name: z.string().trim().max(200).default(''), ...linkFlags });
export type GuardianAdd = z.input<typeof guardianAddSchema>;

/** POST /api/player/{id}/guardian/{linkId}: the link's flags (the e-mail is the guardian's, fixed). */
export const guardianLinkUpdateSchema = z.object(linkFlags);
export type GuardianLinkUpdate = z.input<typeof guardianLinkUpdateSchema>;

/** One guardian of a player, as staff see it on the player profile. */
export const guardianLinkSchema = z.object({
  id: z.number(),
  guardianId: z.number(),
  email: z.string(),
  name: z.string(),
  relationship: z.enum(RELATIONSHIPS),
  isPrimary: z.boolean(),
  receivesReports: z.boolean(),
  parentalResponsibility: z.boolean(),
  status: z.enum(LINK_STATUSES),
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  /** The mail provider reported the address bouncing (ADR 0020 "Bounces"); cleared by a sign-in. */
  bouncedAt: z.string().nullable(),
  bounceReason: z.string().nullable(),
});
export type GuardianLink = z.infer<typeof guardianLinkSchema>;

export const guardianListQuerySchema = z.object({
  /** unclaimed: guardians with an invitation pending and no active link. */
  filter: z.enum(['all', 'unclaimed']).default('all'),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  /** The `next` of the page before (`page` is then ignored). */
  after: cursorParam(['string']).optional(),
});
export type GuardianListQuery = z.input<typeof guardianListQuerySchema>;

export const guardianListItemSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  lastSignInAt: z.string().nullable(),
  invitedAt: z.string().nullable(),
  unclaimed: z.boolean(),
  players: z.array(z.object({ ...refFields, status: z.enum(LINK_STATUSES) })),
});
export type GuardianListItem = z.infer<typeof guardianListItemSchema>;
export const guardianListSchema = z.object({ data: z.array(guardianListItemSchema), ...pageFields, ...nextCursorField });
export type GuardianList = z.infer<typeof guardianListSchema>;

/** POST /api/family/sign-in-link and POST /api/family/session. */
export const familyLinkRequestSchema = z.object({ email: emailField });
export const familySessionSchema = z.object({ token: z.string().min(10).max(200) });
/** The same answer whether or not the address belongs to a guardian. */
export const FAMILY_LINK_ANSWER =
  'If this address belongs to a parent or guardian of the club, a sign-in link is on its way. It works once.';

/** The wording of each purpose until the club writes its own (version 1; the club's start at 2). */
export const CONSENT_DEFAULT_TEXTS: Record<ConsentPurpose, string> = {
  reports: 'The club may send evaluation reports about my child to the family.',
  media: "The club may show photos and videos of my child outside the coaches' pages.",
  public_name: "The club may show my child's name on the public leaderboard.",
};
export const CONSENT_LABELS: Record<ConsentPurpose, string> = {
  reports: 'Evaluation reports to the family',
  media: 'Photos and video',
  public_name: 'Name on the public leaderboard',
};

/** GET /api/guardians/attention: players with no active guardian or a missing consent. */
export const playersNeedingAttentionSchema = z.object({
  total: z.number(),
  data: z.array(
    z.object({ id: z.number(), name: z.string(), activeGuardians: z.number(), missingConsents: z.array(z.enum(CONSENT_PURPOSES)) }),
  ),
});
export type PlayersNeedingAttention = z.infer<typeof playersNeedingAttentionSchema>;
