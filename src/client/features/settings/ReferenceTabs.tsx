import { achievementSaveSchema, levelSaveSchema, nameSaveSchema } from '../../../shared/schemas/reference';
import { referenceLists } from './api';
import { ReferenceListTab, type ReferenceListProps } from './ReferenceListTab';

/** The Settings tabs of the reference lists: one ReferenceListTab each, with its own words. */
const tabOf = (props: ReferenceListProps) => () => <ReferenceListTab {...props} />;

/** Clubs are the categories teams are grouped by (docs/product.md#what-it-does). */
export const ClubsTab = tabOf({
  noun: 'club',
  help: 'Teams are grouped by club. A club that teams belong to cannot be deleted.',
  list: referenceLists.categories,
  field: 'name',
  schema: nameSaveSchema,
});

export const SeasonsTab = tabOf({
  noun: 'season',
  help: 'Every team plays in a season, for example 2026/27. A season that teams use cannot be deleted.',
  list: referenceLists.seasons,
  field: 'name',
  schema: nameSaveSchema,
});

export const LevelsTab = tabOf({
  noun: 'level',
  help: 'Levels group the evaluation criteria. Criteria of a “Score 1 to 10” level are scored from 1 to 10, those of a “Yes / No” level with yes or no. Once players have been evaluated on a level its kind cannot change, and a level that criteria use cannot be deleted.',
  list: referenceLists.levels,
  field: 'name',
  schema: levelSaveSchema,
  withKind: true,
});

export const AchievementsTab = tabOf({
  noun: 'achievement',
  help: 'The achievements coaches can award to players on their profile. An achievement already awarded cannot be deleted.',
  list: referenceLists.achievements,
  field: 'title',
  schema: achievementSaveSchema,
});
