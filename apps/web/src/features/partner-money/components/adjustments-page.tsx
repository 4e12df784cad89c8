import { Button, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { CreateAdjustmentRequestSchema, ADJUSTMENT_MAX_RUBLES, type PartnerOption } from '@app/contracts';
import { AdminList, AdminPageHeader, EditModal, FormActions, useEditing } from '@/components/admin-list';
import { formatDateTime } from '@/lib/format';
import { validateWithSchema } from '@/lib/forms';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { useAdjustments, useCreateAdjustment, usePartnerOptions } from '../api/partner-money';
import { CommissionStatusBadge, MoneyCell, Pages } from './money';

const UUID = /^[0-9a-f-]{36}$/i;
const FILTERS: UrlFiltersCodec<{ partnerAccountId?: string; page: number }> = {
  parse: (params) => {
    const partner = params.get('partner') ?? '';
    const page = Number(params.get('page'));
    return {
      ...(UUID.test(partner) ? { partnerAccountId: partner } : {}),
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  },
  toQuery: ({ partnerAccountId, page }) => ({
    ...(partnerAccountId ? { partner: partnerAccountId } : {}),
    ...(page > 1 ? { page: String(page) } : {}),
  }),
};

/** A searchable select of portal partners (name or e-mail, asked from the server as one types). */
export function PartnerSelect({
  label,
  value,
  onChange,
  error,
  clearable,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: React.ReactNode;
  clearable?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<PartnerOption | null>(null);
  const options = usePartnerOptions(debounced.trim());
  const items = options.data?.items ?? [];
  const data = [...(chosen && !items.some((item) => item.id === chosen.id) ? [chosen] : []), ...items].map(
    (item) => ({ value: item.id, label: `${item.name} (${item.email})` }),
  );
  return (
    <Select
      label={label}
      searchable
      clearable={clearable}
      placeholder="Имя или e-mail"
      nothingFoundMessage="Никого не нашли"
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        setChosen(items.find((item) => item.id === next) ?? null);
        onChange(next);
      }}
      error={error}
      filter={({ options: all }) => all}
    />
  );
}

type AdjustmentValues = { partnerAccountId: string; amount: number | string; reason: string };

function AdjustmentForm({ onClose }: { onClose: () => void }) {
  const create = useCreateAdjustment();
  const form = useValidatedForm<AdjustmentValues>(
    { partnerAccountId: '', amount: '', reason: '' },
    (values) =>
      validateWithSchema(CreateAdjustmentRequestSchema)({
        ...values,
        amount: values.amount === '' ? undefined : Number(values.amount),
      }),
  );
  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        partnerAccountId: values.partnerAccountId,
        amount: Number(values.amount),
        reason: values.reason.trim(),
      },
      saveCallbacks(form, 'Корректировка сохранена', onClose),
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Новая корректировка">
      <Stack gap="sm">
        <PartnerSelect
          label="Партнёр"
          value={form.values.partnerAccountId || null}
          onChange={(value) => form.setFieldValue('partnerAccountId', value ?? '')}
          error={form.errors.partnerAccountId}
        />
        <NumberInput
          label="Сумма, ₽"
          description="Со знаком: «−500» удержит сумму из следующей выплаты"
          required
          decimalScale={2}
          allowNegative
          min={-ADJUSTMENT_MAX_RUBLES}
          max={ADJUSTMENT_MAX_RUBLES}
          clampBehavior="none"
          thousandSeparator=" "
          decimalSeparator=","
          {...form.getInputProps('amount')}
        />
        <TextInput label="Причина" required maxLength={500} {...form.getInputProps('reason')} />
        <FormActions onCancel={onClose} isSaving={create.isPending} />
      </Stack>
    </form>
  );
}

const COLUMNS = [
  { label: 'Когда' },
  { label: 'Партнёр' },
  { label: 'Сумма', ta: 'right' },
  { label: 'Статус' },
  { label: 'Причина' },
  { label: 'Кто' },
] as const;

/** /crm/commission-adjustments (ADMIN): staff credits and debits of partners, APPROVED at once (decision 062). */
export function AdjustmentsPage() {
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const adjustments = useAdjustments(filters);
  const editing = useEditing<null>();
  const data = adjustments.data;
  return (
    <Stack gap="lg">
      <AdminPageHeader
        title="Корректировки комиссий"
        action={<Button onClick={() => editing.open()}>Добавить корректировку</Button>}
      />
      <PartnerSelect
        label="Партнёр"
        clearable
        value={filters.partnerAccountId ?? null}
        onChange={(value) => setFilters({ page: 1, ...(value ? { partnerAccountId: value } : {}) })}
      />
      <AdminList
        query={adjustments}
        items={data?.items ?? []}
        errorText="Не удалось загрузить корректировки"
        emptyText="Корректировок пока нет"
        testId="adjustments-table"
        scrollLabel="Таблица корректировок"
        minWidth={760}
        columns={COLUMNS}
        renderRow={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
            <Table.Td>
              <Text size="sm">{item.partnerName}</Text>
              <Text size="xs" c="dimmed">
                {item.partnerEmail}
              </Text>
            </Table.Td>
            <MoneyCell kopecks={item.amountKopecks} sign />
            <Table.Td>
              <CommissionStatusBadge status={item.status} />
            </Table.Td>
            <Table.Td>{item.reason}</Table.Td>
            <Table.Td>{item.createdBy ?? '—'}</Table.Td>
          </Table.Tr>
        )}
      />
      <Pages answer={data} page={filters.page} onChange={(page) => setFilters({ ...filters, page })} />
      <EditModal editing={editing.editing} onClose={editing.close} title={() => 'Новая корректировка'}>
        {() => <AdjustmentForm onClose={editing.close} />}
      </EditModal>
    </Stack>
  );
}
