import { levelSaveSchema } from '../../../shared/schemas/reference';
import { referenceLists } from './api';
import { ReferenceListTab } from './ReferenceListTab';

export default function LevelsTab() {
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
