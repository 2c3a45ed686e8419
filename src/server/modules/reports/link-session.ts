import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { addMinutes, nowIso } from '../../lib/time.js';
import { recordGuardianAudit } from '../audit/audit.repository.js';
import { randomToken, sha256 } from '../auth/tokens.js';
import { findGuardian } from '../guardians/guardians.repository.js';
import * as familyAuth from '../family/family-auth.repository.js';

/** A guardian's session started by a report's one-time link (the family sign-in's session kind, ADR 0019). */
export async function startGuardianSession(db: Kysely<DB>, guardianId: number, maxHours: number): Promise<{ token: string; csrf: string }> {
  const token = randomToken();
  const csrf = randomToken();
  const now = nowIso();
  const guardian = (await findGuardian(db, guardianId))!;
  await db.transaction().execute(async (trx) => {
    await familyAuth.setSignedIn(trx, guardianId, now);
    await familyAuth.createSession(trx, {
      token_hash: sha256(token),
      guardian_id: guardianId,
      csrf_token: csrf,
      created_at: now,
      expires_at: addMinutes(now, maxHours * 60),
    });
    await recordGuardianAudit(trx, guardian.email, 'sign_in', 'guardian', guardianId, 'signed in by a report link');
  });
  return { token, csrf };
}
