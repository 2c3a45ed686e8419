import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LimitsDB } from '../db/limits.js';
import { hit, remove } from '../db/rate-limits.repository.js';
import { conflict, HttpError, notFound } from '../lib/errors.js';
import { nowMs as clockMs } from '../lib/time.js';

/**
 * A machine-to-machine route (the mail provider's bounce webhook) proves its caller with an
 * HMAC-SHA256 signature of `<timestamp>.<raw body>` under MAIL_WEBHOOK_SECRET, not with a session
 * (README "Reports"). The timestamp is signed too, so an old notice cannot be replayed with a new one,
 * and a signature already received is refused while its timestamp is fresh (`claimSignature`).
 */
export const SIGNATURE_HEADER = 'x-club-signature';
export const TIMESTAMP_HEADER = 'x-club-timestamp';
/** How far the timestamp may be from our clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const WEBHOOK_DISABLED = 'The bounce webhook is not enabled (MAIL_WEBHOOK_SECRET is not set).';
export const BAD_SIGNATURE = 'The signature is missing, wrong or too old.';
export const SEEN_SIGNATURE = 'This notice was received before.';

export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? undefined : v;
}

/** 404 when the webhook is off; 401 unless the signature is right and its timestamp fresh. */
export function verifyWebhook(req: FastifyRequest, secret: string | undefined, rawBody: Buffer, nowMs = clockMs()): void {
  if (!secret) throw notFound(WEBHOOK_DISABLED);
  const timestamp = header(req, TIMESTAMP_HEADER);
  const signature = header(req, SIGNATURE_HEADER);
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) throw new HttpError(401, BAD_SIGNATURE);
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) throw new HttpError(401, BAD_SIGNATURE);
  const want = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const got = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; a length mismatch tells nothing about the secret.
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new HttpError(401, BAD_SIGNATURE);
}

/**
 * A verified signature counts once: it is kept in the counters every process shares (ADR 0018) for as
 * long as its timestamp could pass, then the counters' purge drops it; a second use is 409. Answers a
 * function that forgets it again, for a notice that failed before it was recorded.
 */
export async function claimSignature(limits: Kysely<LimitsDB>, req: FastifyRequest, nowMs = clockMs()): Promise<() => Promise<void>> {
  const key = `webhook-signature:${createHash('sha256')
    .update(header(req, SIGNATURE_HEADER) ?? '')
    .digest('hex')}`;
  const { hits } = await hit(limits, key, 2 * WEBHOOK_TOLERANCE_SECONDS * 1000, nowMs);
  if (hits > 1) throw conflict(SEEN_SIGNATURE);
  return () => remove(limits, [key]);
}
