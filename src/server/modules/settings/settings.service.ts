import type { Kysely } from 'kysely';
import type { Actor } from '../../../shared/permissions.js';
import {
  agesConsistent,
  settingsMessages,
  type Level,
  type LevelSave,
  type Settings,
  type SettingsSave,
} from '../../../shared/schemas/reference.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { plural } from '../../../shared/messages.js';
import { recordAudit } from '../audit/audit.repository.js';
import { duplicate, guarded, type Removal, type TextStore } from './lists.service.js';
import * as repo from './settings.repository.js';

type Db = Kysely<DB>;

/** Clubs (categories) and seasons: name-only lists, both used by teams. */
function namedStore(table: repo.NamedTableName, entity: string, label: string, column: 'category_id' | 'season_id'): TextStore {
  return {
    entity,
    label,
    field: 'name',
    all: (db) => repo.listNamed(db, table),
    nameOf: async (db, id) => (await repo.findNamed(db, table, id))?.name,
    taken: (db, name, exceptId) => repo.namedTaken(db, table, name, exceptId),
    insert: (db, name) => repo.insertNamed(db, table, name),
    rename: (db, id, name) => repo.renameNamed(db, table, id, name),
    removal: {
      uses: (db, id) => repo.teamsUsing(db, column, id),
      usedBy: ['team', 'teams'],
      refused: (name) => `${name} is used by teams and cannot be deleted.`,
      remove: (db, id) => repo.deleteNamed(db, table, id),
    },
  };
}

export const clubs = namedStore('categories', 'category', 'club', 'category_id');
export const seasons = namedStore('seasons', 'season', 'season', 'season_id');

export const achievements: TextStore = {
  entity: 'achievement',
  label: 'achievement',
  field: 'title',
  all: repo.listAchievements,
  nameOf: async (db, id) => (await repo.findAchievement(db, id))?.title,
  taken: repo.achievementTitleTaken,
  insert: repo.insertAchievement,
  rename: repo.renameAchievement,
  removal: {
    uses: repo.playersHoldingAchievement,
    usedBy: ['player', 'players'],
    refused: (title) => `${title} is awarded to players and cannot be deleted.`,
    remove: repo.deleteAchievement,
  },
};

/* ---------- levels ---------- */

export { listLevels, getSettings } from './settings.repository.js';

export const levelRemoval: Removal = {
  nameOf: async (db, id) => (await repo.findLevel(db, id))?.name,
  uses: repo.criteriaUsingLevel,
  usedBy: ['criterion', 'criteria'],
  refused: (name) => `${name} is used by criteria and cannot be deleted.`,
  remove: repo.deleteLevel,
};

const levelTaken = (name: string) => () => conflict(duplicate('level', name), 'name');

export async function createLevel(db: Db, actor: Actor, { name, kind }: LevelSave): Promise<Level> {
  const id = await guarded(
    db,
    async (trx) => {
      if (await repo.levelNameTaken(trx, name)) throw levelTaken(name)();
      const id = await repo.insertLevel(trx, name, kind);
      await recordAudit(trx, actor, 'create', 'level', id, `${name} (${kind})`);
      return id;
    },
    { unique: levelTaken(name) },
  );
  return (await repo.findLevel(db, id))!;
}

export async function updateLevel(db: Db, actor: Actor, id: number, { name, kind }: LevelSave): Promise<Level> {
  await guarded(
    db,
    async (trx) => {
      const before = await repo.findLevel(trx, id);
      if (!before) throw notFound();
      if (await repo.levelNameTaken(trx, name, id)) throw levelTaken(name)();
      if (kind !== before.kind) {
        // Stored scores mean "n out of 10" or "yes/no"; switching the kind would silently change them.
        const n = await repo.evaluationsOnLevel(trx, id);
        if (n > 0) {
          throw conflict(
            `The kind of ${before.name} cannot be changed because ${n} ${plural(n, 'evaluation uses', 'evaluations use')} it and their scores would change meaning. Create a new level instead.`,
            'kind',
          );
        }
      }
      await repo.updateLevel(trx, id, name, kind);
      await recordAudit(trx, actor, 'update', 'level', id, `${before.name} (${before.kind}) → ${name} (${kind})`);
    },
    { unique: levelTaken(name) },
  );
  return (await repo.findLevel(db, id))!;
}

/* ---------- global settings ---------- */

/** Saves the keys sent (an absent key keeps its value) with one audit row naming them. */
export async function saveSettings(db: Db, actor: Actor, input: SettingsSave): Promise<Settings> {
  const changes = Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [[k as keyof Settings, String(v)] as const]));
  await db.transaction().execute(async (trx) => {
    // The ages are checked against the stored ones: a save may send only one of them.
    if (!agesConsistent({ ...(await repo.getSettings(trx)), ...input }))
      throw badRequest(settingsMessages.handoverBelowOwnLogin, 'handover_age');
    for (const [key, value] of changes) await repo.putSetting(trx, key, value);
    await recordAudit(trx, actor, 'update', 'settings', null, changes.map(([k, v]) => `${k} = ${v || '(empty)'}`).join('; '));
  });
  return repo.getSettings(db);
}
