import { MESSAGES, MOSCOW_TIME_ZONE, type ThroughputRange } from '@app/contracts';
import { LineChart } from '@/components/charts';
import { Alert, Card, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useThroughput } from '../api/monitoring';

const HOUR = new Intl.DateTimeFormat('ru-RU', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: MOSCOW_TIME_ZONE,
});
const DAY = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: MOSCOW_TIME_ZONE });

/**
 * Completed and failed jobs per hour (24 h) or per Moscow day (7 days), from the job table and its archive.
 * Straight lines between points: a smoothed curve would invent bumps between empty hours (issue 17).
 */
export function ThroughputChart() {
  const [range, setRange] = useState<ThroughputRange>('24h');
  const throughput = useThroughput(range);
  const format = range === '24h' ? HOUR : DAY;
  const data = (throughput.data?.buckets ?? []).map((bucket) => ({
    at: format.format(new Date(bucket.at)),
    completed: bucket.completed,
    failed: bucket.failed,
  }));
  const totals = data.reduce(
    (sum, bucket) => ({ completed: sum.completed + bucket.completed, failed: sum.failed + bucket.failed }),
    { completed: 0, failed: 0 },
  );
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Выполнено и ошибки
          </Title>
          <SegmentedControl
            aria-label="Период графика"
            value={range}
            onChange={(value) => setRange(value as ThroughputRange)}
            data={[
              { value: '24h', label: '24 часа' },
              { value: '7d', label: '7 дней' },
            ]}
          />
        </Group>
        {throughput.isPending ? (
          <Loader size="sm" aria-label="Загрузка графика" />
        ) : throughput.isError ? (
          <Alert color="red" title={MESSAGES.queueLoadError}>
            {throughput.error.message}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="throughput-totals">
              За {range === '24h' ? '24 часа' : '7 дней'}: выполнено {totals.completed}, с ошибкой{' '}
              {totals.failed}
            </Text>
            <LineChart
              h={240}
              data={data}
              dataKey="at"
              series={[
                { name: 'completed', label: 'Выполнено', color: 'teal.7' },
                { name: 'failed', label: 'С ошибкой', color: 'red.7' },
              ]}
              curveType="linear"
              withLegend
              yAxisProps={{ allowDecimals: false, width: 40 }}
              data-testid="throughput-chart"
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
