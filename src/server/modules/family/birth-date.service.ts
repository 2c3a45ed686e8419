import type { Kysely } from 'kysely';
import { BIRTH_DATE_MESSAGES, birthDateAgrees, birthYearWith } from '../../../shared/schemas/player.js';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { recordGuardianAudit } from '../audit/audit.repository.js';
import * as repo from './birth-date.repository.js';

/**
 * A guardian sets or corrects their child's birth date (docs/product.md#relative-age). The birth
 * year stays the club's record: a date in another year is refused, and only an empty year is filled.
 */
export async function setChildBirthDate(
  db: Kysely<DB>,
  guardian: { email: string },
  link: { id: number; player_id: number },
  birthDate: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const current = await repo.birthOf(trx, link.player_id);
    if (!birthDateAgrees(current.dob, birthDate)) throw badRequest(BIRTH_DATE_MESSAGES.year, 'birth_date');
    const next = { dob: birthYearWith(current.dob, birthDate), birth_date: birthDate };
    await repo.setBirth(trx, link.player_id, next);
    await recordGuardianAudit(
      trx,
      guardian.email,
      'update',
      'player',
      link.player_id,
      `birth_date: ${current.birth_date ?? '—'} → ${birthDate ?? '—'} (by a guardian)`,
    );
    return next;
  });
}
