import { JOB_TITLES, type QueueJob } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInCabinet } from '@/test/render';
import { JobsTable } from './jobs-table';

const NOW = Date.parse('2026-03-05T12:00:00.000Z');
const ORDER_ID = '3f2c8a10-0000-4000-8000-000000000001';

function job(id: string, overrides: Partial<QueueJob>): QueueJob {
  return {
    id: `${id}0000000-0000-4000-8000-000000000000`,
    queue: 'notification-tasks',
    name: 'send-email',
    state: 'created',
    data: { orderId: ORDER_ID },
    delay: 0,
    processedOn: null,
    finishedOn: null,
    failedReason: null,
    timestamp: NOW - 60_000,
    attemptsMade: 0,
    opts: { delay: 0 },
    ...overrides,
  };
}

describe('jobs table', () => {
  it('shows the derived display status of each job and links it to its order', () => {
    renderInCabinet(
      <JobsTable
        now={NOW}
        jobs={[
          job('1', { state: 'failed', failedReason: 'SMTP недоступен', finishedOn: NOW, attemptsMade: 8 }),
          job('2', { state: 'completed', processedOn: NOW - 5000, finishedOn: NOW - 4000 }),
          job('3', { state: 'active', processedOn: NOW - 1000, name: 'create-delivery' }),
          job('4', { opts: { delay: 3_600_000 }, delay: 3_540_000, name: 'change-status' }),
          job('5', { data: { orderId: null } }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('job-row');
    expect(rows.map((row) => within(row).getByTestId('task-status').textContent)).toEqual([
      'Ошибка',
      'Выполнена',
      'Выполняется',
      'Запланирована',
      'Ожидает',
    ]);
    expect(within(rows[0]!).getByText('SMTP недоступен')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Создание курьерской доставки')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: `Мониторинг заказа ${ORDER_ID}` })).toHaveAttribute(
      'href',
      `/crm/monitoring/order/${ORDER_ID}`,
    );
    expect(within(rows[4]!).queryByRole('link', { name: /Мониторинг заказа/ })).toBeNull();
    // Without a retry handler (MANAGER, or not a failed list) there is no action column.
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });
});

describe('jobs table: job titles', () => {
  it('shows every job by its Russian title, send-push and send-staff-push too, linked to the job page', () => {
    const names = Object.keys(JOB_TITLES);
    renderInCabinet(
      <JobsTable
        now={NOW}
        jobs={names.map((name, index) => job(String(index % 10), { name, id: `${index}` }))}
      />,
    );
    const rows = screen.getAllByTestId('job-row');
    expect(
      within(rows[names.indexOf('send-push')]!).getByText('Отправка push-уведомления'),
    ).toBeInTheDocument();
    expect(
      within(rows[names.indexOf('send-staff-push')]!).getByText('Рассылка push-уведомлений сотрудникам'),
    ).toBeInTheDocument();
    names.forEach((name, index) => {
      const title = within(rows[index]!)
        .getAllByRole('link')
        .find((link) => link.getAttribute('href') === `/crm/monitoring/job/${index}`);
      expect(title?.textContent).toMatch(/^[А-ЯЁ]/);
      expect(title?.textContent).not.toBe(name);
    });
  });
});
