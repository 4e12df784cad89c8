import {
  BULK_STATUS_MAX,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type BulkOrderStatusResponse,
  type OrderStatus,
} from '@app/contracts';
import { Alert, Button, Group, List, Paper, Select, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { showErrorToast } from '@/lib/notify';
import { exportSelectedOrdersCsv, useBulkOrderStatus } from '../api/staff-orders';

const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

/** What a bulk change did: how many changed, and each refused order with its reason. */
export function BulkResultSummary({
  result,
  onClose,
}: {
  result: BulkOrderStatusResponse;
  onClose: () => void;
}) {
  const refused = result.results.filter((item) => item.outcome === 'refused');
  return (
    <Alert
      color={refused.length > 0 ? 'orange' : 'teal'}
      title={`Статус изменён: ${result.changed} из ${result.results.length}`}
      withCloseButton
      closeButtonLabel="Скрыть итог"
      onClose={onClose}
      data-testid="bulk-summary"
    >
      {refused.length > 0 ? (
        <>
          <Text size="sm">Не изменены: {refused.length}</Text>
          <List size="sm">
            {refused.map((item) => (
              <List.Item key={item.id}>
                {item.number === null ? 'Заказ' : `№ ${item.number}`}: {item.message}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}

/** The actions on the selected rows: a status change (asked first) and the CSV of the selected. */
export function OrderBulkBar({
  selected,
  onDone,
}: {
  selected: readonly string[];
  onDone: (result: BulkOrderStatusResponse) => void;
}) {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [comment, setComment] = useState('');
  const [isAsking, setAsking] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const change = useBulkOrderStatus();
  const tooMany = selected.length > BULK_STATUS_MAX;

  const exportSelected = async () => {
    setExporting(true);
    try {
      await exportSelectedOrdersCsv(selected);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Действия с выбранными заказами">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} data-testid="selected-count">
          Выбрано: {selected.length}
        </Text>
        <Select
          label="Новый статус"
          placeholder="Выберите статус"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => setStatus(value as OrderStatus | null)}
          w={200}
        />
        <Button disabled={!status || tooMany} onClick={() => setAsking(true)}>
          Сменить статус
        </Button>
        <Button variant="light" loading={isExporting} onClick={() => void exportSelected()}>
          Экспорт выбранных
        </Button>
      </Group>
      {tooMany ? (
        <Text size="sm" c="red" mt="xs">
          Статус можно сменить сразу не больше чем у {BULK_STATUS_MAX} заказов.
        </Text>
      ) : null}
      <ConfirmModal
        opened={isAsking && status !== null}
        title="Сменить статус выбранных заказов?"
        color="blue"
        message={
          <>
            <Text>
              Заказов: {selected.length}. Новый статус: «{status ? ORDER_STATUS_LABELS[status] : ''}». Каждый
              заказ меняется отдельно; те, которым такой переход не разрешён (например, неоплаченные дальше
              «Оплачен»), останутся как были. Клиенты получат уведомление о смене статуса.
            </Text>
            <Textarea
              label="Комментарий (увидит клиент)"
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
            />
          </>
        }
        confirmLabel="Сменить статус"
        onConfirm={() =>
          status
            ? change
                .mutateAsync({ ids: [...selected], status, comment: comment.trim() || null })
                .then((result) => {
                  setComment('');
                  onDone(result);
                })
            : undefined
        }
        onClose={() => setAsking(false)}
      />
    </Paper>
  );
}
