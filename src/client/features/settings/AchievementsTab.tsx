import { achievementSaveSchema } from '../../../shared/schemas/reference';
import { referenceKeys } from './api';
import { ReferenceListTab } from './ReferenceListTab';

export default function AchievementsTab() {
  return (
    <ReferenceListTab
      noun="achievement"
      help="The achievements coaches can award to players on their profile. An achievement already awarded cannot be deleted."
      queryKey={referenceKeys.achievements}
      listUrl="/api/achievements"
      itemUrl={(id) => `/api/achievement/${id}`}
      field="title"
      schema={achievementSaveSchema}
    />
  );
}
