import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import {
  COUPON_BATCH_STATUS_LABELS,
  COUPON_LIMITS,
  CouponBatchCreateRequestSchema,
  type CouponBatch,
  moscowDate,
  moscowDayStart,
} from '@app/contracts';
import { AdminList, AdminPageHeader, AdminTable } from '@/components/admin-list';
import { RuDateInput } from '@/components/ru-date-input';
import { setServerFieldErrors, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { formatDate, formatDateTime } from '@/lib/format';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import {
  exportBatch,
  useBatchCoupons,
  useCouponBatches,
  useCouponCampaigns,
  useCreateCouponBatch,
} from '../api/coupons';
import { rub } from './shared';

const STATUS_COLORS = { APPROVED: 'teal', PENDING: 'yellow', REFUSED: 'red' } as const;

function CreateBatchForm({ maxDiscount, autoQuantity }: { maxDiscount: number; autoQuantity: number }) {
  const create = useCreateCouponBatch();
  const campaigns = useCouponCampaigns();
  const today = moscowDate(new Date());
  const form = useValidatedForm(
    {
      label: '',
      quantity: 10,
      discountPercent: Math.min(10, maxDiscount),
      expiresOn: moscowDate(moscowDayStart(today, 30)),
      campaignId: null as string | null,
    },
    validateWithSchema(CouponBatchCreateRequestSchema),
  );
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        showSuccessToast(created.message);
        form.reset();
      },
      onError: (error) => setServerFieldErrors(form, error),
    }),
  );
  return (
    <form onSubmit={submit} aria-label="Новый пакет купонов" noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Метка пакета"
            description="Например, «Сотрудники ООО Ромашка»"
            withAsterisk
            maxLength={COUPON_LIMITS.labelMax}
            w={280}
            maw="100%"
            {...form.getInputProps('label')}
          />
          <NumberInput
            label="Количество"
            description={`1–${COUPON_LIMITS.batchMax}`}
            withAsterisk
            min={1}
            max={COUPON_LIMITS.batchMax}
            allowDecimal={false}
            w={140}
            {...form.getInputProps('quantity')}
          />
          <NumberInput
            label="Скидка, %"
            description="Одна на купон"
            withAsterisk
            min={1}
            max={100}
            allowDecimal={false}
            w={140}
            {...form.getInputProps('discountPercent')}
          />
          <RuDateInput
            label="Действует по"
            withAsterisk
            w={170}
            minDate={today}
            value={form.values.expiresOn}
            onChange={(value) => form.setFieldValue('expiresOn', value ?? '')}
            error={form.errors.expiresOn}
          />
          <Select
            label="Кампания"
            placeholder="Без кампании"
            clearable
            w={240}
            maw="100%"
            data={(campaigns.data?.items ?? []).map((campaign) => ({
              value: campaign.id,
              label: campaign.name,
            }))}
            {...form.getInputProps('campaignId')}
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={create.isPending}>
            Выпустить купоны
          </Button>
          <Text size="sm" c="dimmed">
            Пакет до {autoQuantity} купонов со скидкой не больше {maxDiscount} % выпускается сразу, остальные
            — после согласования.
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

function CouponsModal({ batchId, onClose }: { batchId: string | null; onClose: () => void }) {
  const coupons = useBatchCoupons(batchId);
  return (
    <Modal opened={batchId !== null} onClose={onClose} title="Купоны пакета" size="lg">
      {coupons.isPending ? (
        <Loader aria-label="Загрузка купонов" />
      ) : coupons.isError ? (
        <Alert color="red" title="Не удалось загрузить купоны">
          {coupons.error.message}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {coupons.data.batch.label}: использовано {coupons.data.batch.usedCount} из{' '}
            {coupons.data.items.length}
          </Text>
          <AdminTable
            testId="coupons-table"
            minWidth={480}
            columns={[{ label: 'Код' }, { label: 'Использован' }, { label: 'Заказ' }, { label: 'Скидка' }]}
          >
            {coupons.data.items.map((coupon) => (
              <Table.Tr key={coupon.code}>
                <Table.Td ff="monospace">{coupon.code}</Table.Td>
                <Table.Td>{coupon.usedAt ? formatDateTime(coupon.usedAt) : 'нет'}</Table.Td>
                <Table.Td>{coupon.orderNumber ?? '—'}</Table.Td>
                <Table.Td>{coupon.discountKopecks === null ? '—' : rub(coupon.discountKopecks)}</Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        </Stack>
      )}
    </Modal>
  );
}

const COLUMNS = [
  { label: 'Пакет' },
  { label: 'Кампания' },
  { label: 'Скидка' },
  { label: 'Использовано' },
  { label: 'Действует по' },
  { label: 'Статус' },
  { label: 'Действия' },
] as const;

/** /partner/corporate/coupon-batches: request single-use coupons, see which are used, download them as CSV. */
export function CouponBatchesPage() {
  const batches = useCouponBatches();
  const [openBatch, setOpenBatch] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Пакеты купонов" />
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            Каждый купон — одноразовый: раздайте коды сотрудникам клиента или участникам мероприятия. Заказ с
            купоном засчитывается вам.
          </Text>
          <CreateBatchForm
            maxDiscount={batches.data?.maxDiscountPercent ?? 15}
            autoQuantity={batches.data?.autoApproveQuantity ?? COUPON_LIMITS.autoApproveQuantity}
          />
        </Stack>
      </Card>
      <AdminList
        query={batches}
        items={batches.data?.items ?? []}
        errorText="Не удалось загрузить пакеты"
        emptyText="Пакетов пока нет"
        testId="coupon-batches-table"
        minWidth={760}
        columns={COLUMNS}
        renderRow={(batch: CouponBatch) => (
          <Table.Tr key={batch.id}>
            <Table.Td>{batch.label}</Table.Td>
            <Table.Td>{batch.campaignName ?? '—'}</Table.Td>
            <Table.Td>{batch.discountPercent} %</Table.Td>
            <Table.Td>
              {batch.usedCount} из {batch.quantity}
            </Table.Td>
            <Table.Td>{formatDate(new Date(new Date(batch.expiresAt).getTime() - 1))}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[batch.status]} variant="light">
                {COUPON_BATCH_STATUS_LABELS[batch.status]}
              </Badge>
              {batch.refusalReason ? (
                <Text size="xs" c="dimmed">
                  {batch.refusalReason}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              {batch.status === 'APPROVED' ? (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setOpenBatch(batch.id)}
                    aria-label={`Купоны пакета ${batch.label}`}
                  >
                    Купоны
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => exportBatch(batch.id).catch(showErrorToast)}
                    aria-label={`Скачать CSV пакета ${batch.label}`}
                  >
                    CSV
                  </Button>
                </Group>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <CouponsModal batchId={openBatch} onClose={() => setOpenBatch(null)} />
    </Stack>
  );
}
