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
  /** What is read, e.g. 'teams': names the spinner and, instead of the server's words, the failure. */
  noun?: string;
  emptyText?: string;
}

/** A read on screen: a spinner while it loads, its failure in red, EmptyState when it holds nothing, else the children. */
export function QueryView<T>({ query, isEmpty, children, busy, noun, emptyText }: Props<T>) {
  if (busy || query.isPending) return <Loading label={noun ? `Loading ${noun}` : undefined} />;
  if (query.isError)
    return (
      <Text c="red" role="alert">
        {noun ? `The ${noun} could not be loaded. Please reload the page.` : query.error.message}
      </Text>
    );
  return isEmpty(query.data) ? <EmptyState text={emptyText} /> : children(query.data);
}
