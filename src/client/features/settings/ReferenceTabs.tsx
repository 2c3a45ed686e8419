import { achievementSaveSchema, levelSaveSchema, nameSaveSchema } from '../../../shared/schemas/reference';
import { referenceLists } from './api';
import { ReferenceListTab } from './ReferenceListTab';

/** The Settings tabs of the reference lists: one ReferenceListTab each, with its own words. */

/** Clubs are the categories teams are grouped by (docs/product.md#what-it-does). */
export function ClubsTab() {
  return (
    <ReferenceListTab
      noun="club"
      help="Teams are grouped by club. A club that teams belong to cannot be deleted."
      list={referenceLists.categories}
      field="name"
      schema={nameSaveSchema}
    />
  );
}

export function SeasonsTab() {
  return (
    <ReferenceListTab
      noun="season"
      help="Every team plays in a season, for example 2026/27. A season that teams use cannot be deleted."
      list={referenceLists.seasons}
      field="name"
      schema={nameSaveSchema}
    />
  );
}

export function LevelsTab() {
  return (
    <ReferenceListTab
      noun="level"
      help="Levels group the evaluation criteria. Criteria of a “Score 1 to 10” level are scored from 1 to 10, those of a “Yes / No” level with yes or no. Once players have been evaluated on a level its kind cannot change, and a level that criteria use cannot be deleted."
      list={referenceLists.levels}
      field="name"
      schema={levelSaveSchema}
      withKind
    />
  );
}

export function AchievementsTab() {
  return (
    <ReferenceListTab
      noun="achievement"
      help="The achievements coaches can award to players on their profile. An achievement already awarded cannot be deleted."
      list={referenceLists.achievements}
      field="title"
      schema={achievementSaveSchema}
    />
  );
}
