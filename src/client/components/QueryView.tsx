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
  /** Keeps the spinner up while data is on screen, e.g. during a debounced search. */
  busy?: boolean;
  loadingLabel?: string;
  /** Shown instead of the server's message when the read fails. */
  errorText?: string;
  emptyText?: string;
}

/** A read on screen: a spinner while it loads, its failure in red, EmptyState when it holds nothing, else the children. */
export function QueryView<T>({ query, isEmpty, children, busy, loadingLabel, errorText, emptyText }: Props<T>) {
  if (busy || query.isPending) return <Loading label={loadingLabel} />;
  if (query.isError)
    return (
      <Text c="red" role="alert">
        {errorText ?? query.error.message}
      </Text>
    );
  return isEmpty(query.data) ? <EmptyState text={emptyText} /> : children(query.data);
}
