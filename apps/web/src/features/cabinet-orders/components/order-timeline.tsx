import type { OrderDetail } from '@app/contracts';
import { Anchor, Card, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatDate, formatDateTime } from '@/lib/format';
import { useWorkCalendar } from '../api/work-calendar';
import { buildOrderTimeline, type TimelineStep } from '../model/order-timeline';

function StepDetails({ step }: { step: TimelineStep }) {
  return (
    <Stack gap={2}>
      {step.doneAt ? (
        <Text size="sm" c="gray.7">
          {formatDateTime(step.doneAt)}
        </Text>
      ) : null}
      {step.expectedDate ? (
        <Text size="sm" c="gray.7">
          Ожидаем {step.expectedPrefix} {formatDate(step.expectedDate)}
        </Text>
      ) : null}
      {step.trackingNumber ? <Text size="sm">Трек-номер: {step.trackingNumber}</Text> : null}
      {step.trackingUrl ? (
        <Anchor size="sm" href={step.trackingUrl} target="_blank" rel="noopener noreferrer">
          Где курьер — открыть карту
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * Where the order is on its way to the customer (decision 038): done steps with their dates, the current one
 * and the steps ahead with expected dates. Shown near the top so a phone shows it without scrolling the summary.
 */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const calendar = useWorkCalendar();
  const steps = buildOrderTimeline(order, calendar);
  if (!steps) return null;
  const lastDone = steps.reduce((last, step, index) => (step.state === 'done' ? index : last), -1);
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-timeline">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Ход заказа
        </Title>
        <Timeline active={lastDone} bulletSize={20} lineWidth={2}>
          {steps.map((step) => (
            <Timeline.Item
              key={step.key}
              bullet={step.state === 'done' ? <IconCheck size={12} aria-hidden /> : null}
              title={
                <Text fw={step.state === 'current' ? 700 : 500} size="sm">
                  {step.title}
                </Text>
              }
              data-state={step.state}
              data-testid={`timeline-step-${step.key}`}
              aria-current={step.state === 'current' ? 'step' : undefined}
            >
              <StepDetails step={step} />
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Card>
  );
}
