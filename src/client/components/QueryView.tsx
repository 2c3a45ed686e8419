import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Loading } from './Loading';

interface Props<T> {
  query: UseQueryResult<T>;
  /** Nothing to show: EmptyState instead of the children. */
  isEmpty: (data: T) => boolean;
  /** What the loaded data shows. */
  children: (data: T) => ReactNode;
}

/** A read on screen: a spinner while it loads, its failure in red, EmptyState when it holds nothing, else the children. */
export function QueryView<T>({ query, isEmpty, children }: Props<T>) {
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <Text c="red" role="alert">
        {query.error.message}
      </Text>
    );
  return isEmpty(query.data) ? <EmptyState /> : children(query.data);
}
