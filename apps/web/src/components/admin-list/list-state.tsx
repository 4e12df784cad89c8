import { Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError, type RetryableQuery } from '@/components/load-error';

/** The part of a TanStack query a list needs. */
export type ListQuery = { isPending: boolean; isError: boolean } & RetryableQuery;

/**
 * The four states of a back-office list: loading, failed, empty and the rows. `children` renders the rows only
 * when there are some.
 */
export function ListState<T>({
  query,
  items,
  errorText,
  emptyText,
  loadingLabel = 'Загрузка',
  children,
}: {
  query: ListQuery;
  items: readonly T[];
  errorText: string;
  emptyText: ReactNode;
  loadingLabel?: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (query.isPending) return <Loader aria-label={loadingLabel} />;
  if (query.isError) return <LoadError title={errorText} query={query} />;
  if (items.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return <>{children(items)}</>;
}
