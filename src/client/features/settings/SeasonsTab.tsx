import { nameSaveSchema } from '../../../shared/schemas/reference';
import { referenceKeys } from './api';
import { ReferenceListTab } from './ReferenceListTab';

export default function SeasonsTab() {
  return (
    <ReferenceListTab
      noun="season"
      help="Every team plays in a season, for example 2026/27. A season that teams use cannot be deleted."
      queryKey={referenceKeys.seasons}
      listUrl="/api/seasons"
      itemUrl={(id) => `/api/season/${id}`}
      field="name"
      schema={nameSaveSchema}
    />
  );
}
