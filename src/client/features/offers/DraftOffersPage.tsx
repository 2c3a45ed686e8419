import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { OffersPanel } from './OffersPanel';

/** /app/teams/drafts/:id/offers: a finalised draft's offers, reached from the draft board. */
export default function DraftOffersPage() {
  const id = Number(useParams().id);
  return (
    <>
      <PageHeader title="Offers" />
      <Text size="sm" c="dimmed" mt={-8} mb="md">
        <Anchor component={Link} to={`/app/teams/drafts/${id}`}>
          Back to the draft board
        </Anchor>
      </Text>
      <OffersPanel draftId={id} />
    </>
  );
}
