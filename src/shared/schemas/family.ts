import { z } from 'zod';
import { CONSENT_PURPOSES, LINK_STATUSES, RELATIONSHIPS } from './guardian.js';
import { timelinePoint } from './leaderboard.js';

/** The family portal's answers (docs/product.md#families): only what the club has published about a child. */

export const familyChildSchema = z.object({
  id: z.number(),
  name: z.string(),
  relationship: z.enum(RELATIONSHIPS),
  status: z.enum(LINK_STATUSES),
  /** The child's clubs and teams: each child is shown under its own club. */
  clubs: z.array(z.object({ name: z.string(), teams: z.array(z.string()) })),
  /** The player claimed their account and shares nothing new with this guardian (hand-over). */
  ownAccount: z.boolean(),
  firstName: z.string(),
});
export type FamilyChild = z.infer<typeof familyChildSchema>;

export const familyMeSchema = z.object({
  email: z.string(),
  name: z.string(),
  csrfToken: z.string(),
  children: z.array(familyChildSchema),
});
export type FamilyMe = z.infer<typeof familyMeSchema>;

/**
 * GET /api/family/player/{id}/inbox: what waits for this guardian about the child, so that no e-mailed
 * link is needed — the open offers they may answer now and the reports sent to them they have not opened.
 */
export const familyInboxSchema = z.object({
  offers: z.array(z.object({ id: z.number(), team: z.string(), deadline: z.string() })),
  reports: z.array(z.object({ id: z.number(), cycle: z.string(), team: z.string(), sent_at: z.string().nullable() })),
});
export type FamilyInbox = z.infer<typeof familyInboxSchema>;

export const familyEvaluationSchema = z.object({
  criterion: z.string(),
  level: z.string(),
  /** '7 / 10', 'Yes' or 'No'; a measured test's own value, points and basis ('11.04 s → 9 points, U14 bands'). */
  score: z.string(),
  date: z.string(),
  /** The coach's comment as the club keeps it on the evaluation. */
  comment: z.string(),
  /** Never a person: 'Coach' or 'Tryout panel'. */
  by: z.enum(['Coach', 'Tryout panel']),
  current: z.boolean(),
});

export const consentStateSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  /** This guardian's own choice (null: not answered yet). */
  mine: z.boolean().nullable(),
  /** What counts for the child: every guardian with parental responsibility granted (the stricter choice wins). */
  effective: z.boolean(),
  /** The wording in force and its version. */
  text: z.string(),
  version: z.number(),
  /** The version this guardian's own answer was given under (null: not answered yet). */
  givenVersion: z.number().nullable(),
  /** Granted under an earlier wording: still counts, and the portal offers to confirm again. */
  earlierWording: z.boolean(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** One criterion by the child's current score on it, as a share of the criterion's maximum (0–100). */
export const familyCriterionScoreSchema = z.object({
  criterion: z.string(),
  level: z.string(),
  percent: z.number(),
  /** A measured test: the child's own measurement behind the points ('11.04 s → 9 points, U14 bands'). */
  measured: z.string().optional(),
});
export type FamilyCriterionScore = z.infer<typeof familyCriterionScoreSchema>;

/** What a parent asks first: the total over time, and the child's strongest and weakest criteria now. */
export const familyProgressSchema = z.object({
  /** The total at the end of each evaluation date, oldest first (as the analysis pages draw it). */
  timeline: z.array(timelinePoint),
  /** The highest current percentages, highest first. */
  strengths: z.array(familyCriterionScoreSchema),
  /** The lowest current percentages not among the strengths, lowest first. */
  workOn: z.array(familyCriterionScoreSchema),
});
export type FamilyProgress = z.infer<typeof familyProgressSchema>;

/**
 * A published tryout the child took part in: how many evaluators saw them (never who) and the criteria
 * on which the panel agreed well (docs/product.md#families). Nothing about any other player, no rank.
 */
export const familyTryoutSchema = z.object({
  session: z.string(),
  date: z.string(),
  evaluators: z.number(),
  agreedOn: z.array(z.string()),
});
export type FamilyTryout = z.infer<typeof familyTryoutSchema>;

export const familyChildViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  clubs: z.array(z.object({ name: z.string(), teams: z.array(z.string()) })),
  totalScore: z.number(),
  progress: familyProgressSchema,
  evaluations: z.array(familyEvaluationSchema),
  tryouts: z.array(familyTryoutSchema),
  achievements: z.array(z.object({ title: z.string(), detail: z.string(), date: z.string() })),
  resources: z.array(z.object({ title: z.string(), category: z.string(), links: z.array(z.string()) })),
  /** Whether this guardian may grant or withdraw consents (parental responsibility). */
  mayConsent: z.boolean(),
  /** The birth year the club holds and the optional birth date (docs/product.md#relative-age). */
  birthYear: z.number().nullable(),
  birthDate: z.string().nullable(),
  /** Whether this guardian may set the birth date (parental responsibility). */
  mayEditBirthDate: z.boolean(),
  consents: z.array(consentStateSchema),
});
export type FamilyChildView = z.infer<typeof familyChildViewSchema>;

export const consentChangeSchema = z.object({ purpose: z.enum(CONSENT_PURPOSES), granted: z.boolean() });
export type ConsentChange = z.input<typeof consentChangeSchema>;
