import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The pages of a list read by cursor (ADR 0023): each page is asked for after the last row of the one
 * before, so page 300 costs what page 1 costs. Forward and back, no jump to page N: the cursors of the
 * pages already seen are kept to go back.
 */
export function useCursorPages() {
  const [trail, setTrail] = useState<string[]>([]);
  return {
    after: trail.at(-1),
    page: trail.length + 1,
    next: (cursor: string) => setTrail((t) => [...t, cursor]),
    previous: () => setTrail((t) => t.slice(0, -1)),
    reset: () => setTrail([]),
  };
}

/** `pages`: how many in all, when the list tells its total. */
export function CursorPager(props: {
  page: number;
  pages?: number;
  next: string | null | undefined;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}) {
  const { page, pages, next, onNext, onPrevious } = props;
  if (page === 1 && !next) return null;
  return (
    <Group justify="center" gap="sm">
      <Button variant="default" leftSection={<IconChevronLeft size={16} />} disabled={page === 1} onClick={onPrevious}>
        Previous page
      </Button>
      <Text size="sm" aria-live="polite">
        Page {page}
        {pages === undefined ? '' : ` of ${Math.max(page, pages)}`}
      </Text>
      <Button variant="default" rightSection={<IconChevronRight size={16} />} disabled={!next} onClick={() => next && onNext(next)}>
        Next page
      </Button>
    </Group>
  );
}
