import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryView } from '../../components/QueryView';
import { RelativeAgeView } from '../../components/RelativeAgeView';
import { relativeAgeQuery } from './api';

/** The draft's relative age: candidates placed on a team against every candidate (docs/product.md#relative-age). */
export function RelativeAgeSection({ draftId }: { draftId: number }) {
  const query = useQuery(relativeAgeQuery(draftId));
  return (
    <Paper withBorder p="md" mt="md">
      <QueryView query={query} noun="relative-age view" isEmpty={() => false}>
        {(data) => <RelativeAgeView data={data} />}
      </QueryView>
    </Paper>
  );
}
