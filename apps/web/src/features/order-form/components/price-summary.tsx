import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatPriceLine, formatReadyDate, formatRub } from '@/lib/format';
import type { OrderSummaryView } from '../model/summary';

const KIND_LABEL = { document: '', assurance: '', delivery: 'Доставка: ', discount: '' } as const;

/** Lines of the live price (documents × quantity, assurances, delivery, discount), total and ready date. */
export function PriceSummary({ summary }: { summary: OrderSummaryView | null }) {
  if (!summary) return null;
  const { breakdown, readyDate } = summary;
  return (
    <Stack gap={6} data-testid="price-summary" aria-label="Стоимость заказа" role="region">
      {breakdown.lines.length === 0 ? (
        <Text size="sm" c="gray.7">
          Выберите документ — здесь появится стоимость.
        </Text>
      ) : (
        breakdown.lines.map((line, index) => (
          <Group
            key={`${line.kind}-${line.refId ?? index}-${index}`}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
          >
            <div>
              <Text size="sm" c={line.kind === 'discount' ? 'green.9' : undefined}>
                {KIND_LABEL[line.kind]}
                {line.name}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </Text>
              {line.tariffName ? (
                <Text size="xs" c="gray.7">
                  Тариф «{line.tariffName}»
                </Text>
              ) : null}
            </div>
            <Text
              size="sm"
              fw={500}
              style={{ whiteSpace: 'nowrap' }}
              c={line.kind === 'discount' ? 'green.9' : undefined}
            >
              {formatPriceLine(line.total)}
            </Text>
          </Group>
        ))
      )}
      {!summary.hasDelivery && breakdown.lines.length > 0 ? (
        <Text size="xs" c="gray.7">
          Доставка — на шаге 3
        </Text>
      ) : null}
      <Divider my={4} />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>Итого</Text>
        <Text fw={700} data-testid="summary-total">
          {formatRub(breakdown.total)}
        </Text>
      </Group>
      {readyDate ? (
        <Text size="sm" c="gray.7" data-testid="summary-ready-date">
          Готовность: <time dateTime={readyDate}>{formatReadyDate(readyDate)}</time>
        </Text>
      ) : null}
    </Stack>
  );
}
