import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import { CONSENT_PURPOSES, type ConsentPurpose } from '../../../shared/schemas/guardian.js';
import type { OwnFamily, OwnGuardianChoice } from '../../../shared/schemas/handover.js';
import type { DB } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordAudit } from '../audit/audit.repository.js';
import { consentTexts } from '../family/portal.service.js';
import * as repo from './handover.repository.js';

type Db = Kysely<DB>;

/** The player's own family choices (player area, after the claim; staff read them on the profile). */
export async function ownFamily(db: Db, playerId: number): Promise<OwnFamily> {
  const [claimedAt, links, mine, texts] = await Promise.all([
    repo.claimedAt(db, playerId),
    repo.linksOfPlayer(db, playerId),
    repo.ownConsents(db, playerId),
    consentTexts(db),
  ]);
  return {
    claimedAt,
    guardians: links.map((l) => ({
      id: l.id,
      email: l.email,
      name: l.name,
      relationship: l.relationship as OwnFamily['guardians'][number]['relationship'],
      status: l.status,
      sharesAfterHandover: l.shares_after_handover === 1,
      receivesReports: l.receives_reports === 1,
    })),
    consents: CONSENT_PURPOSES.map((purpose) => ({
      purpose,
      granted: mine.some((m) => m.purpose === purpose && m.granted === 1),
      ...texts[purpose],
    })),
  };
}

/** What one guardian still sees and whether they receive reports; audited. */
export async function chooseForGuardian(
  db: Db,
  actor: Actor,
  playerId: number,
  linkId: number,
  choice: OwnGuardianChoice,
): Promise<OwnFamily> {
  const link = (await repo.linksOfPlayer(db, playerId)).find((l) => l.id === linkId);
  if (!link) throw notFound();
  await db.transaction().execute(async (trx) => {
    await repo.setGuardianChoice(
      trx,
      linkId,
      { shares_after_handover: choice.shares_after_handover ? 1 : 0, receives_reports: choice.receives_reports ? 1 : 0 },
      nowIso(),
    );
    await recordAudit(
      trx,
      actor,
      'update',
      'guardian_link',
      linkId,
      `player ${playerId} chose for ${link.email}: ${choice.shares_after_handover ? 'sees new data' : 'sees nothing new'}, ${choice.receives_reports ? 'receives reports' : 'no reports'}`,
    );
  });
  return ownFamily(db, playerId);
}

/** The player's own consent for one purpose (after the claim it alone counts); audited with the wording's version. */
export async function chooseConsent(db: Db, actor: Actor, playerId: number, purpose: ConsentPurpose, granted: boolean): Promise<OwnFamily> {
  const texts = await consentTexts(db);
  await db.transaction().execute(async (trx) => {
    await repo.setOwnConsent(trx, playerId, purpose, granted, texts[purpose].version, nowIso());
    await recordAudit(
      trx,
      actor,
      'consent',
      'player',
      playerId,
      `player ${granted ? 'granted' : 'withdrew'} ${purpose} (wording v${texts[purpose].version})`,
    );
  });
  return ownFamily(db, playerId);
}
