import type { CronJob, CronQueueInfo } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInCabinet } from '@/test/render';
import { MissedRunsAlert, QueueCard } from './cron-tab';

function job(name: string, overrides: Partial<CronJob> = {}): CronJob {
  return {
    id: name,
    name,
    queue: 'sync-tasks',
    cron: '*/10 * * * *',
    timezone: 'Europe/Moscow',
    next: '2026-11-30T08:10:00.000Z',
    lastRunAt: '2026-11-30T07:50:04.000Z',
    lastRunState: 'completed',
    lastResult: null,
    missedRunAt: null,
    description: 'Проверка',
    ...overrides,
  };
}

function queue(jobs: CronJob[]): CronQueueInfo {
  return {
    name: 'sync-tasks',
    repeatableJobs: jobs.length,
    waiting: 0,
    active: 0,
    completed: 3,
    failed: 0,
    delayed: 0,
    error: null,
    jobs,
  };
}

describe('missed scheduled runs (decision 103)', () => {
  it('says nothing while every due run was queued', () => {
    renderInCabinet(<MissedRunsAlert queues={[queue([job('check-yandex-delivery-statuses')])]} />);
    expect(screen.queryByTestId('missed-runs')).toBeNull();
  });

  it('names the latest missed run, counts the others and says what to check', () => {
    renderInCabinet(
      <MissedRunsAlert
        queues={[
          queue([
            job('check-yandex-delivery-statuses', { missedRunAt: '2026-11-30T08:00:00.000Z' }),
            job('sync-yandex-pickup-points'),
          ]),
          queue([job('check-new-paid-orders', { missedRunAt: '2026-11-30T08:05:00.000Z' })]),
        ]}
      />,
    );
    const alert = screen.getByTestId('missed-runs');
    expect(within(alert).getByText('Периодические задачи не запускаются')).toBeInTheDocument();
    // 08:05 UTC is 11:05 in Moscow.
    expect(alert).toHaveTextContent(
      'Запуск «Проверка новых оплат» в 30.11.2026, 11:05 не поставлен в очередь (и ещё задач: 1).',
    );
    expect(alert).toHaveTextContent('npm run worker');
  });

  it('marks the job whose run was missed in its queue', () => {
    renderInCabinet(
      <QueueCard
        queue={queue([
          job('check-yandex-delivery-statuses', { missedRunAt: '2026-11-30T08:00:00.000Z' }),
          job('sync-yandex-pickup-points', { lastRunAt: null, lastRunState: null }),
        ])}
      />,
    );
    const rows = screen.getAllByTestId('cron-job');
    expect(within(rows[0]!).getByTestId('missed-run')).toHaveTextContent(
      'Не поставлен в очередь запуск 30.11.2026, 11:00',
    );
    expect(within(rows[0]!).getByText('Выполнена')).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('missed-run')).toBeNull();
    expect(within(rows[1]!).getByText('Ещё не запускалась')).toBeInTheDocument();
  });
});
