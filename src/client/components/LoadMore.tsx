import { Button, Group, type MantineSpacing } from '@mantine/core';

/** The next page of a list read by cursor with useInfiniteQuery (ADR 0023): shown while there is one. */
export function LoadMore(props: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  mt?: MantineSpacing;
}) {
  const { query, label, mt } = props;
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" mt={mt}>
      <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
    </Group>
  );
}
