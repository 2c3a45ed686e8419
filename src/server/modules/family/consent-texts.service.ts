import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { ConsentTextEntry, ConsentTextPublish, ConsentTexts } from '../../../shared/schemas/consent-text.js';
import { CONSENT_DEFAULT_TEXTS, CONSENT_PURPOSES } from '../../../shared/schemas/guardian.js';
import type { DB } from '../../db/types.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as repo from './consents.repository.js';

type Db = Kysely<DB>;

export const consentTextMessages = {
  unchanged: 'This is already the wording in force. Change it before publishing.',
  raced: 'Someone published a new version at the same moment. Reload to see it, then publish again.',
} as const;

/** Every purpose's wording in force and its earlier versions (version 1 is the built-in one). */
export async function listConsentTexts(db: Db): Promise<ConsentTexts> {
  const rows = await repo.allTexts(db);
  return Promise.all(
    CONSENT_PURPOSES.map(async (purpose): Promise<ConsentTextEntry> => {
      const versions = [
        ...rows.filter((r) => r.purpose === purpose).map((r) => ({ version: r.version, text: r.text, publishedAt: r.created_at })),
        { version: 1, text: CONSENT_DEFAULT_TEXTS[purpose], publishedAt: null },
      ];
      const [current, ...earlier] = versions;
      return { purpose, current: current!, earlier, grantedUnderEarlier: await repo.grantedBelow(db, purpose, current!.version) };
    }),
  );
}

/**
 * Publishes the next version of one purpose's wording; earlier versions and the consents given under
 * them stay as they were (the family portal asks those guardians to confirm again). Audited.
 */
export async function publishConsentText(db: Db, actor: Actor, { purpose, text }: ConsentTextPublish): Promise<ConsentTexts> {
  const body = text.trim();
  try {
    await db.transaction().execute(async (trx) => {
      const latest = (await repo.latestTexts(trx)).find((t) => t.purpose === purpose);
      const current = latest ?? { version: 1, text: CONSENT_DEFAULT_TEXTS[purpose] };
      if (current.text === body) throw badRequest(consentTextMessages.unchanged, 'text');
      const version = current.version + 1;
      await repo.insertText(trx, purpose, version, body, nowIso());
      await recordAudit(trx, actor, 'create', 'consent_text', version, `published ${purpose} wording v${version}`);
    });
  } catch (e) {
    // Two admins publishing at once: the (purpose, version) index lets one through.
    if (isUniqueViolation(e)) throw conflict(consentTextMessages.raced, 'text');
    throw e;
  }
  return listConsentTexts(db);
}
