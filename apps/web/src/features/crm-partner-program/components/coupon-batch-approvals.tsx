import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PARTNER_MESSAGES, type CouponBatchStaffItem } from '@app/contracts';
import { AdminList, useConfirmAction } from '@/components/admin-list';
import { formatDate } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useDecideCouponBatch, usePendingCouponBatches } from '../api/coupon-batches';
import { ReasonConfirmModal } from './reason-confirm-modal';

const COLUMNS = [
  { label: 'Партнёр' },
  { label: 'Пакет' },
  { label: 'Количество' },
  { label: 'Скидка' },
  { label: 'Действует по' },
  { label: 'Действия' },
] as const;

const describe = (batch: CouponBatchStaffItem) =>
  `${batch.partnerName}: «${batch.label}», ${batch.quantity} шт., скидка ${batch.discountPercent} %`;

/**
 * Coupon batches above the programme's limits (a bigger discount or quantity) wait here for an ADMIN to approve
 * or refuse with a reason (decision 069).
 */
export function CouponBatchApprovals() {
  const batches = usePendingCouponBatches();
  const decide = useDecideCouponBatch();
  const [refusing, setRefusing] = useState<CouponBatchStaffItem | null>(null);
  const approve = useConfirmAction<CouponBatchStaffItem>({
    title: 'Одобрить пакет купонов?',
    confirmLabel: 'Одобрить',
    message: (batch) => `${describe(batch)}. Купоны будут выпущены сразу.`,
    onConfirm: async (batch) => {
      await decide.mutateAsync({ id: batch.id, reason: null });
      showSuccessToast('Пакет одобрен, купоны выпущены');
    },
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Пакеты купонов на согласовании
        </Title>
        <AdminList
          query={batches}
          items={batches.data?.items ?? []}
          errorText="Не удалось загрузить пакеты купонов"
          emptyText="Нет пакетов на согласовании"
          testId="coupon-batch-approvals"
          minWidth={720}
          columns={COLUMNS}
          renderRow={(batch: CouponBatchStaffItem) => (
            <Table.Tr key={batch.id}>
              <Table.Td>
                <Text size="sm">{batch.partnerName}</Text>
                <Text size="xs" c="dimmed">
                  {batch.partnerEmail}
                </Text>
              </Table.Td>
              <Table.Td>
                {batch.label}
                {batch.campaignName ? ` (${batch.campaignName})` : ''}
              </Table.Td>
              <Table.Td>{batch.quantity}</Table.Td>
              <Table.Td>{batch.discountPercent} %</Table.Td>
              <Table.Td>{formatDate(new Date(new Date(batch.expiresAt).getTime() - 1))}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="compact-sm" onClick={() => approve.ask(batch)}>
                    Одобрить
                  </Button>
                  <Button size="compact-sm" variant="light" color="red" onClick={() => setRefusing(batch)}>
                    Отклонить
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Stack>
      {approve.modal}
      <ReasonConfirmModal
        opened={refusing !== null}
        title="Отклонить пакет купонов?"
        confirmLabel="Отклонить"
        reasonLabel="Причина (партнёр увидит её в списке пакетов)"
        requiredMessage={PARTNER_MESSAGES.partnerStatusReasonRequired}
        onConfirm={async (reason) => {
          if (!refusing) return;
          await decide.mutateAsync({ id: refusing.id, reason });
          showSuccessToast('Пакет отклонён');
          setRefusing(null);
        }}
        onClose={() => setRefusing(null)}
      >
        {refusing ? <Text>{describe(refusing)}</Text> : null}
      </ReasonConfirmModal>
    </Card>
  );
}
