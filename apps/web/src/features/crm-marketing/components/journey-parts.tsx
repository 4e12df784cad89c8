import { Button, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Small pieces the journey reports share (decision 068). */

export const formatCount = (value: number) => value.toLocaleString('ru-RU', { maximumFractionDigits: 2 });
export const formatPercent = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('ru-RU', { maximumFractionDigits: 2 })} %`;

/** «было N» under a figure when the previous period is compared. */
export function PreviousValue({ value }: { value: string | null }) {
  if (value === null) return null;
  return (
    <Text size="xs" c="dimmed">
      прошлый период: {value}
    </Text>
  );
}

export function Figures({
  items,
}: {
  items: ReadonlyArray<{ label: string; value: string; previous?: string | null }>;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: items.length > 3 ? 4 : 3 }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} withBorder p="sm" radius="md" role="group" aria-label={item.label}>
          <Text size="xs" c="dimmed" fw={600}>
            {item.label}
          </Text>
          <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
            {item.value}
          </Text>
          <PreviousValue value={item.previous ?? null} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** `aria-sort` of a column for a sort key such as `-paid`. */
export function ariaSort(sort: string, column: string): 'ascending' | 'descending' | 'none' {
  if (sort === column) return 'ascending';
  if (sort === `-${column}`) return 'descending';
  return 'none';
}

/** A header that sorts the table on the server (the sort is in the URL, the CSV follows it). */
export function SortButton({
  label,
  column,
  sort,
  onSort,
}: {
  label: ReactNode;
  column: string;
  sort: string;
  onSort: (next: string) => void;
}) {
  const state = ariaSort(sort, column);
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onSort(sort === `-${column}` ? column : `-${column}`)}
      fw={700}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {label}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  );
}

export function sortableColumn(
  label: string,
  column: string,
  sort: string,
  onSort: (next: string) => void,
  ta?: 'right',
) {
  return {
    key: column,
    'aria-sort': ariaSort(sort, column),
    ...(ta ? { ta } : {}),
    label: <SortButton label={label} column={column} sort={sort} onSort={onSort} />,
  };
}

/** «Скачать CSV» of exactly the table shown (the API builds it from the same query). */
export function CsvButton({ download }: { download: () => Promise<unknown> }) {
  const mutation = useMutation({ mutationFn: download });
  return (
    <Button variant="light" loading={mutation.isPending} onClick={() => mutation.mutate()}>
      Скачать CSV
    </Button>
  );
}
