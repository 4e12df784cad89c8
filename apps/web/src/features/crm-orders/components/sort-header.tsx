import type { OrderSort } from '@app/contracts';
import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';

export type SortColumn = 'number' | 'createdAt' | 'status' | 'amount';

/** `aria-sort` of a column's header for the current sort. */
export function ariaSortOf(sort: OrderSort, column: SortColumn): 'ascending' | 'descending' | 'none' {
  if (sort === column) return 'ascending';
  if (sort === `-${column}`) return 'descending';
  return 'none';
}

/** The next sort on a click: a new column starts descending (newest, biggest first), a second click flips it. */
export function nextSort(sort: OrderSort, column: SortColumn): OrderSort {
  return (sort === `-${column}` ? column : `-${column}`) as OrderSort;
}

/** A column header that sorts the list on the server. */
export function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortColumn;
  sort: OrderSort;
  onSort: (next: OrderSort) => void;
}) {
  const state = ariaSortOf(sort, column);
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onSort(nextSort(sort, column))}
      fw={700}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {label}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  );
}
