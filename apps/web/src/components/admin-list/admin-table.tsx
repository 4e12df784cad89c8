import { Table, Text, type TableProps, type TableThProps } from '@mantine/core';
import { Children, type ReactNode } from 'react';

export type AdminColumn = { label: ReactNode; key?: string } & Omit<TableThProps, 'children'>;

/**
 * A back-office table: scrolls sideways below `minWidth`, one header row from `columns` and, with `hasActions`,
 * a last unnamed column for the row buttons (`RowActions`). A table without rows says `emptyText` in one row
 * (a report's table of headers alone reads as still loading or broken); lists with loading and error states use
 * `AdminList`.
 */
export function AdminTable({
  columns,
  hasActions = false,
  minWidth,
  testId,
  scrollLabel,
  emptyText,
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
  emptyText?: ReactNode;
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
        <Table.Tbody>
          {emptyText !== undefined && Children.count(children) === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (hasActions ? 1 : 0)}>
                <Text size="sm" c="dimmed" py="xs">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            children
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
