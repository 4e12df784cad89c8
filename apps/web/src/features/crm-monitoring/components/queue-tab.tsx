import { MESSAGES, type QueueJobState } from '@app/contracts';
import { Alert, Badge, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { useQueueInfo } from '../api/monitoring';
import { QUEUE_COUNTERS } from '../model/labels';
import { canManageJobs } from '../model/tabs';
import { FailedGroups } from './failed-groups';
import { JobListModal } from './job-list-modal';
import { OrderJobsSearch } from './order-jobs-search';
import { QueueStates } from './queue-states';
import { ThroughputChart } from './throughput-chart';
import { StatCard } from './stat-card';
import { RefreshButton } from './refresh-button';
import { useCrmRole } from '@/lib/session/use-crm-role';

const COUNTER_COLORS: Partial<Record<QueueJobState, string>> = { failed: 'red', active: 'blue' };

/**
 * /crm/monitoring/queue (ADMIN): queue status and counts, job lists, throughput, pauses, search by order, error
 * groups.
 */
export function QueueTab() {
  const canManage = canManageJobs(useCrmRole());
  const info = useQueueInfo();
  const [openState, setOpenState] = useState<QueueJobState | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Group gap="sm">
          {info.data ? (
            <Badge
              size="lg"
              variant="dot"
              color={info.data.isConnected ? 'teal' : 'red'}
              data-testid="queue-connection"
            >
              {info.data.isConnected ? 'Очередь онлайн' : 'Очередь офлайн'}
            </Badge>
          ) : null}
          {info.dataUpdatedAt ? (
            <Text size="sm" c="dimmed">
              Обновлено {formatDateTime(info.dataUpdatedAt)} · автообновление каждые 30 с
            </Text>
          ) : null}
        </Group>
        <RefreshButton query={info} />
      </Group>
      {info.isPending ? (
        <Loader aria-label="Загрузка данных очереди" />
      ) : info.isError ? (
        <Alert color="red" title={MESSAGES.queueLoadError}>
          {info.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} data-testid="queue-counters">
          {QUEUE_COUNTERS.map((counter) => (
            <StatCard
              key={counter.state}
              label={counter.label}
              value={info.data[counter.state]}
              color={info.data[counter.state] > 0 ? COUNTER_COLORS[counter.state] : undefined}
              onOpen={() => setOpenState(counter.state)}
            />
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ThroughputChart />
        <QueueStates canManage={canManage} />
      </SimpleGrid>
      <OrderJobsSearch canManage={canManage} />
      <FailedGroups />
      <JobListModal state={openState} canManage={canManage} onClose={() => setOpenState(null)} />
    </Stack>
  );
}
