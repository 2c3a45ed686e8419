import { z } from 'zod';
import { CONSENT_PURPOSES } from './guardian.js';

/**
 * The club's consent wording (docs/product.md#families, ADR 0019): one version per publication,
 * per purpose. Version 1 is the built-in wording; publishing adds the next version and never edits
 * an earlier one, so every consent keeps the words it was given under.
 */

export const CONSENT_TEXT_MIN = 20;
export const CONSENT_TEXT_MAX = 2000;

export const consentTextVersionSchema = z.object({
  version: z.number(),
  text: z.string(),
  /** Null for the built-in version 1. */
  publishedAt: z.string().nullable(),
});
export type ConsentTextVersion = z.infer<typeof consentTextVersionSchema>;

export const consentTextEntrySchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  current: consentTextVersionSchema,
  /** Earlier versions, newest first (never edited). */
  earlier: z.array(consentTextVersionSchema),
  /** Consents given by guardians under an earlier version and still granted. */
  grantedUnderEarlier: z.number(),
});
export type ConsentTextEntry = z.infer<typeof consentTextEntrySchema>;

export const consentTextsSchema = z.array(consentTextEntrySchema);
export type ConsentTexts = z.infer<typeof consentTextsSchema>;

/** POST /api/consent-texts: publish a new version of one purpose's wording. */
export const consentTextPublishSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  text: z
    .string()
    .trim()
    .min(CONSENT_TEXT_MIN, `Write at least ${CONSENT_TEXT_MIN} characters.`)
    .max(CONSENT_TEXT_MAX, `Keep it under ${CONSENT_TEXT_MAX} characters.`),
});
export type ConsentTextPublish = z.input<typeof consentTextPublishSchema>;
