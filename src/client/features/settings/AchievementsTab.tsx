import { achievementSaveSchema } from '../../../shared/schemas/reference';
import { referenceLists } from './api';
import { ReferenceListTab } from './ReferenceListTab';

export default function AchievementsTab() {
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
