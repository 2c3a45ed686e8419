import { Pagination, type PaginationProps } from '@mantine/core';

/** Pagination whose buttons screen readers name: 'Page 3', 'next page'. */
export function LabelledPagination(props: PaginationProps) {
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
      getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
      {...props}
    />
  );
}
