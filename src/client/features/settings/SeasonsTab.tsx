import { nameSaveSchema } from '../../../shared/schemas/reference';
import { referenceLists } from './api';
import { ReferenceListTab } from './ReferenceListTab';

export default function SeasonsTab() {
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
