import { z } from 'zod';

/**
 * A bounce notice sent to `POST /api/mail/bounces` (README "Reports", ADR 0020 "Bounces"). Two
 * shapes are accepted: the app's own, provider-neutral one, and Postmark's bounce webhook as it is
 * sent (RecordType "Bounce"), so a relay can forward Postmark's body unchanged.
 */
export const neutralBounceSchema = z.object({
  type: z.literal('bounce'),
  /** The Message-ID header of the mail that bounced, with or without its angle brackets. */
  message_id: z.string().trim().max(998).optional(),
  /** The address that bounced: used when the message id is absent or unknown. */
  email: z.string().trim().email().max(320),
  reason: z.string().trim().min(1).max(1000),
});

export const postmarkBounceSchema = z.object({
  RecordType: z.literal('Bounce'),
  MessageID: z.string().trim().max(998).optional(),
  Email: z.string().trim().email().max(320),
  Type: z.string().trim().max(100).optional(),
  Description: z.string().trim().max(1000).optional(),
  Details: z.string().trim().max(1000).optional(),
});

export const bounceNoticeSchema = z.union([neutralBounceSchema, postmarkBounceSchema]);

/** What became of a notice: a report delivery bounced, another mail of ours recorded, or nothing known. */
export const bounceAnswerSchema = z.object({
  outcome: z.enum(['bounced', 'recorded', 'ignored']),
});

export type BounceNotice = z.infer<typeof bounceNoticeSchema>;
export type BounceAnswer = z.infer<typeof bounceAnswerSchema>;
