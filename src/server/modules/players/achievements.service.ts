import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import type { DB } from '../../db/types.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import * as awards from './achievements.repository.js';

const awardNotFound = () => notFound('This achievement does not exist.');

export interface AwardSave {
  achievement_id: number;
  detail: string;
}

/** Awards name an achievement of the catalogue (Settings); its title goes into the audit row. */
async function catalogueTitle(db: Kysely<DB>, achievementId: number): Promise<string> {
  const title = await awards.catalogueTitle(db, achievementId);
  if (title === null) throw badRequest('Please choose an achievement from the list.', 'achievement_id');
  return title;
}

/** docs/product.md#screens ACHIEVEMENTS panel: newest first. */
export async function listAwards(db: Kysely<DB>, playerId: number) {
  return awards.listAwards(db, playerId);
}

export async function addAward(db: Kysely<DB>, actor: Actor, playerId: number, save: AwardSave) {
  return db.transaction().execute(async (trx) => {
    const title = await catalogueTitle(trx, save.achievement_id);
    const id = await awards.insertAward(trx, {
      player_id: playerId,
      achievement_id: save.achievement_id,
      detail: save.detail,
      action_by_user_id: actor.id,
    });
    await recordAudit(trx, actor, 'create', 'player_achievement', id, `${title} for player ${playerId}`);
    return (await awards.findAward(trx, playerId, id))!;
  });
}

export async function editAward(db: Kysely<DB>, actor: Actor, playerId: number, awardId: number, save: AwardSave) {
  return db.transaction().execute(async (trx) => {
    if (!(await awards.findAward(trx, playerId, awardId))) throw awardNotFound();
    const title = await catalogueTitle(trx, save.achievement_id);
    await awards.updateAward(trx, playerId, awardId, {
      achievement_id: save.achievement_id,
      detail: save.detail,
      action_by_user_id: actor.id,
    });
    await recordAudit(trx, actor, 'update', 'player_achievement', awardId, `${title} for player ${playerId}`);
    return (await awards.findAward(trx, playerId, awardId))!;
  });
}

export async function deleteAward(db: Kysely<DB>, actor: Actor, playerId: number, awardId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await awards.deleteAward(trx, playerId, awardId))) throw awardNotFound();
    await recordAudit(trx, actor, 'delete', 'player_achievement', awardId, `achievement of player ${playerId}`);
  });
}
