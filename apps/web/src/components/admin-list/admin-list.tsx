import type { ComponentProps, ReactNode } from 'react';
import { AdminTable } from './admin-table';
import { ListState, type ListQuery } from './list-state';

/**
 * A back-office list as a table: the loading, failed and empty states (`ListState`), then one `renderRow` per
 * item in an `AdminTable`.
 */
export function AdminList<T>({
  query,
  items,
  errorText,
  emptyText,
  loadingLabel,
  renderRow,
  ...table
}: {
  query: ListQuery;
  items: readonly T[];
  errorText: string;
  emptyText: ReactNode;
  loadingLabel?: string;
  renderRow: (item: T) => ReactNode;
} & Omit<ComponentProps<typeof AdminTable>, 'children'>) {
  return (
    <ListState
      query={query}
      items={items}
      errorText={errorText}
      emptyText={emptyText}
      {...(loadingLabel ? { loadingLabel } : {})}
    >
      {(rows) => <AdminTable {...table}>{rows.map(renderRow)}</AdminTable>}
    </ListState>
  );
}
