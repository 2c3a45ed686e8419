import { nameSaveSchema } from '../../../shared/schemas/reference';
import { referenceLists } from './api';
import { ReferenceListTab } from './ReferenceListTab';

/** Clubs are the categories teams are grouped by (docs/product.md#what-it-does). */
export default function ClubsTab() {
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
