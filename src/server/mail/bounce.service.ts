import type { Kysely } from 'kysely';
import { bounceNoticeSchema, type BounceAnswer, type BounceNotice } from '../../shared/schemas/mail-bounce.js';
import type { DB } from '../db/types.js';
import { badRequest } from '../lib/errors.js';
import { nowIso } from '../lib/time.js';
import { recordAudit } from '../modules/audit/audit.repository.js';
import * as repo from './bounce.repository.js';

export const BAD_BOUNCE = 'The body is not a bounce notice this app understands (README "Reports").';

interface Bounce {
  messageId: string | null;
  email: string;
  reason: string;
}

/** Message-IDs are kept without brackets, lower case (mailer.ts newMessageId). */
export const normaliseMessageId = (id: string | undefined) => id?.trim().replace(/^<|>$/g, '').toLowerCase() || null;

/** The raw body (it was signed as bytes) as one of the accepted shapes, or 400. */
export function parseBounce(raw: Buffer): Bounce {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(BAD_BOUNCE);
  }
  const parsed = bounceNoticeSchema.safeParse(json);
  if (!parsed.success) throw badRequest(BAD_BOUNCE);
  return fromNotice(parsed.data);
}

function fromNotice(n: BounceNotice): Bounce {
  if ('type' in n) return { messageId: normaliseMessageId(n.message_id), email: n.email, reason: n.reason };
  const reason = [n.Type, n.Description || n.Details].filter(Boolean).join(': ') || 'Bounced';
  return { messageId: normaliseMessageId(n.MessageID), email: n.Email, reason };
}

/**
 * Finds what bounced: the report delivery or other mail by our Message-ID; else (a provider that
 * reports its own id, or none) the latest unopened delivery to the address. A report delivery
 * becomes `bounced` with the reason (the player's profile shows it as it shows SMTP failures), the
 * guardians with that address are flagged for the staff, and the trail gets a row. A notice about
 * nothing of ours changes nothing.
 */
export async function recordBounce(db: Kysely<DB>, bounce: Bounce): Promise<BounceAnswer> {
  return db.transaction().execute(async (trx) => {
    const byId = bounce.messageId ? await repo.deliveryByMessageId(trx, bounce.messageId) : undefined;
    const mail = !byId && bounce.messageId ? await repo.outboxByMessageId(trx, bounce.messageId) : undefined;
    // Our id on a mail that is not a report (a password reset, an invitation): no delivery to mark.
    const delivery = byId ?? (mail ? undefined : await repo.latestDeliveryTo(trx, bounce.email));
    if (!delivery && !mail) return { outcome: 'ignored' as const };
    const at = nowIso();
    const address = delivery?.email ?? mail!.to_address;
    await repo.flagGuardians(trx, address, bounce.reason, at);
    if (delivery) {
      await repo.markBounced(trx, delivery.id, bounce.reason, at);
      await recordAudit(
        trx,
        null,
        'bounce',
        'report_delivery',
        delivery.id,
        `Report ${delivery.report_id} to ${address} bounced: ${bounce.reason}`,
      );
      return { outcome: 'bounced' as const };
    }
    await recordAudit(trx, null, 'bounce', 'mail', mail!.id, `Mail to ${address} bounced: ${bounce.reason}`);
    return { outcome: 'recorded' as const };
  });
}
