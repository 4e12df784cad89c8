import { Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AdminTable } from './admin-table';

function renderTable(rows: string[], hasActions = false) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <AdminTable
        testId="report"
        minWidth={400}
        hasActions={hasActions}
        emptyText="За период переходов не было"
        columns={[{ label: 'Ссылка' }, { label: 'Переходы' }]}
      >
        {rows.map((row) => (
          <Table.Tr key={row}>
            <Table.Td>{row}</Table.Td>
            <Table.Td>1</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    </AppProviders>,
  );
  return screen.getByTestId('report');
}

describe('AdminTable', () => {
  it('says its empty text in one row across every column when it has no rows', () => {
    const table = renderTable([], true);
    const cell = within(table).getByRole('cell', { name: 'За период переходов не было' });
    expect(cell).toHaveAttribute('colspan', '3');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('shows its rows and no empty text when it has rows', () => {
    const table = renderTable(['Весна', 'Осень']);
    expect(within(table).queryByText('За период переходов не было')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});
