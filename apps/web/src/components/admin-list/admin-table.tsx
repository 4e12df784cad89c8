import { Table, type TableProps, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type AdminColumn = { label: ReactNode; key?: string } & Omit<TableThProps, 'children'>;

/**
 * A back-office table: scrolls sideways below `minWidth`, one header row from `columns` and, with `hasActions`,
 * a last unnamed column for the row buttons (`RowActions`).
 */
export function AdminTable({
  columns,
  hasActions = false,
  minWidth,
  testId,
  scrollLabel,
  children,
  ...tableProps
}: {
  columns: readonly AdminColumn[];
  hasActions?: boolean;
  minWidth: number;
  testId: string;
  /**
   * A table without links or buttons: its sideways scroll gets a keyboard stop with this name (axe
   * scrollable-region-focusable), so it can be scrolled without a mouse.
   */
  scrollLabel?: string;
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      {...(scrollLabel
        ? { scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } } }
        : {})}
    >
      <Table data-testid={testId} {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ label, key, ...thProps }, index) => (
              <Table.Th key={key ?? (typeof label === 'string' ? label : index)} {...thProps}>
                {label}
              </Table.Th>
            ))}
            {hasActions ? <Table.Th aria-label="Действия" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
