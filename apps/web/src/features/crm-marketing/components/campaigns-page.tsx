import {
  MarketingCampaignRequestSchema,
  MarketingSpendRequestSchema,
  type MarketingCampaign,
  type MarketingCampaignsResponse,
} from '@app/contracts';
import { BarChart } from '@/components/charts';
import { Badge, Button, Card, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { EditModal, FormActions, RowActions, useEditing } from '@/components/admin-list';
import { MoneyInput } from '@/components/money-input';
import { RuDateInput } from '@/components/ru-date-input';
import { formatDate } from '@/lib/format';
import { numberOrNull, trimmedOrNull, validateWithSchema, type NumberField } from '@/lib/forms';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { showErrorToast } from '@/lib/notify';
import {
  downloadMarketingCsv,
  useAddSpend,
  useArchiveCampaign,
  useMarketingCampaigns,
  useRemoveSpend,
  useSaveCampaign,
} from '../api/marketing';
import type { ReportFilters } from './report-filters';
import {
  formatAxis,
  formatCountOrNone,
  formatMoney,
  formatPercent,
  formatTimes,
  KpiCards,
  type KpiCard,
  ReportLayout,
  ReportState,
  SortableTable,
  type SortableColumn,
} from './report-kit';

type Item = MarketingCampaignsResponse['items'][number];
type Figures = Item['figures'];
const count = formatCountOrNone;

/** The columns of the table and of its CSV (marketing-csv.ts), in the same order. */
const COLUMNS: SortableColumn<Item>[] = [
  {
    key: 'name',
    label: 'Кампания',
    sortValue: (row) => row.name,
    render: (row) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
        {row.archivedAt ? (
          <Badge size="xs" color="gray" variant="light">
            в архиве
          </Badge>
        ) : null}
      </Group>
    ),
  },
  {
    key: 'utm',
    label: 'utm_campaign',
    sortValue: (row) => row.utmCampaign,
    render: (row) => row.utmCampaign,
  },
  { key: 'channel', label: 'Канал', sortValue: (row) => row.channel, render: (row) => row.channel ?? '—' },
  ...(
    [
      ['sessions', 'Сессии', (f: Figures) => f.sessions, count],
      ['orders', 'Заказы', (f: Figures) => f.orders, count],
      ['paidOrders', 'Оплачено заказов', (f: Figures) => f.paidOrders, count],
      ['revenue', 'Выручка', (f: Figures) => f.revenue, formatMoney],
      ['margin', 'Маржа', (f: Figures) => f.margin, formatMoney],
      ['spend', 'Расходы за период', (f: Figures) => f.spend, formatMoney],
      ['cpa', 'CPA', (f: Figures) => f.cpa, formatMoney],
      ['cac', 'CAC', (f: Figures) => f.cac, formatMoney],
      ['roas', 'ROAS', (f: Figures) => f.roas, formatTimes],
      ['romiRevenue', 'ROMI по выручке', (f: Figures) => f.romiRevenue, formatPercent],
      ['romiMargin', 'ROMI по марже', (f: Figures) => f.romiMargin, formatPercent],
    ] as const
  ).map(([key, label, pick, format]) => ({
    key,
    label,
    numeric: true,
    sortValue: (row: Item) => pick(row.figures),
    render: (row: Item) => format(pick(row.figures)),
  })),
];

/** A RuDateInput bound to a form field (its value, change and error). */

const CAMPAIGN_KPIS: ReadonlyArray<KpiCard<Figures>> = [
  { key: 'spend', label: 'Расходы за период', format: formatMoney, lowerIsBetter: true },
  { key: 'orders', label: 'Заказы', format: count },
  { key: 'revenue', label: 'Выручка', format: formatMoney },
  { key: 'margin', label: 'Маржа', format: formatMoney },
  { key: 'cpa', label: 'CPA', format: formatMoney, lowerIsBetter: true, hint: 'расходы / заказы' },
  {
    key: 'cac',
    label: 'CAC',
    format: formatMoney,
    lowerIsBetter: true,
    hint: 'расходы / новые платящие клиенты',
  },
  { key: 'roas', label: 'ROAS', format: formatTimes, hint: 'выручка / расходы' },
  { key: 'romiRevenue', label: 'ROMI по выручке', format: formatPercent },
  { key: 'romiMargin', label: 'ROMI по марже', format: formatPercent },
];
function dateField<Field extends string>(
  form: {
    values: Record<Field, string | null>;
    errors: Record<string, unknown>;
    setFieldValue: (path: Field, value: string | null) => void;
  },
  field: Field,
) {
  return {
    value: form.values[field],
    onChange: (value: string | null) => form.setFieldValue(field, value),
    error: form.errors[field] as string | undefined,
  };
}

type CampaignValues = {
  name: string;
  utmCampaign: string;
  utmSource: string;
  channel: string;
  startsOn: string | null;
  endsOn: string | null;
};
const campaignBody = (values: CampaignValues) => ({
  name: values.name,
  utmCampaign: values.utmCampaign,
  utmSource: trimmedOrNull(values.utmSource),
  channel: trimmedOrNull(values.channel),
  startsOn: values.startsOn,
  endsOn: values.endsOn,
});
const validateCampaign = validateWithSchema(MarketingCampaignRequestSchema);

function CampaignForm({ campaign, onDone }: { campaign: MarketingCampaign | null; onDone: () => void }) {
  const save = useSaveCampaign();
  const form = useValidatedForm<CampaignValues>(
    {
      name: campaign?.name ?? '',
      utmCampaign: campaign?.utmCampaign ?? '',
      utmSource: campaign?.utmSource ?? '',
      channel: campaign?.channel ?? '',
      startsOn: campaign?.startsOn ?? null,
      endsOn: campaign?.endsOn ?? null,
    },
    (values) => validateCampaign(campaignBody(values)),
  );
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          { id: campaign?.id ?? null, body: campaignBody(values) },
          saveCallbacks(form, campaign ? 'Кампания сохранена' : 'Кампания создана', onDone),
        ),
      )}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Название" required maxLength={200} {...form.getInputProps('name')} />
        <TextInput
          label="Метка utm_campaign"
          description="По ней кампании сопоставляются сессии и заказы (без учёта регистра)"
          required
          maxLength={200}
          {...form.getInputProps('utmCampaign')}
        />
        <TextInput label="utm_source" maxLength={200} {...form.getInputProps('utmSource')} />
        <TextInput
          label="Канал"
          description="Как в отчётах: например, paid, social, email — для CAC и ROMI по каналам"
          maxLength={200}
          {...form.getInputProps('channel')}
        />
        <Group grow align="start">
          <RuDateInput label="Начало" clearable {...dateField(form, 'startsOn')} />
          <RuDateInput label="Конец" clearable {...dateField(form, 'endsOn')} />
        </Group>
        <FormActions onCancel={onDone} isSaving={save.isPending} />
      </Stack>
    </form>
  );
}

type SpendValues = {
  periodStart: string | null;
  periodEnd: string | null;
  amount: NumberField;
  note: string;
};
const spendBody = (values: SpendValues) => ({
  periodStart: values.periodStart ?? '',
  periodEnd: values.periodEnd ?? '',
  amount: numberOrNull(values.amount),
  note: trimmedOrNull(values.note),
});
const validateSpend = validateWithSchema(MarketingSpendRequestSchema);

function SpendForm({ campaign, onDone }: { campaign: MarketingCampaign; onDone: () => void }) {
  const add = useAddSpend();
  const remove = useRemoveSpend();
  const form = useValidatedForm<SpendValues>(
    { periodStart: null, periodEnd: null, amount: '', note: '' },
    (values) => validateSpend(spendBody(values)),
  );
  return (
    <Stack gap="md">
      {campaign.spend.length > 0 ? (
        <Table data-testid="campaign-spend-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Период</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
              <Table.Th aria-label="Действия" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaign.spend.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {formatDate(item.periodStart)} — {formatDate(item.periodEnd)}
                  {item.note ? (
                    <Text size="xs" c="dimmed">
                      {item.note}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(item.amount)}</Table.Td>
                <Table.Td>
                  <RowActions
                    deleteLabel={`Удалить расход ${formatDate(item.periodStart)} — ${formatDate(item.periodEnd)}`}
                    onDelete={() =>
                      remove.mutate({ id: campaign.id, spendId: item.id }, { onError: showErrorToast })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">
          Расходов ещё нет.
        </Text>
      )}
      <form
        onSubmit={form.onSubmit((values) =>
          add.mutate(
            { id: campaign.id, body: spendBody(values) as Parameters<typeof add.mutate>[0]['body'] },
            saveCallbacks(form, 'Расход добавлен', () => form.reset()),
          ),
        )}
        noValidate
      >
        <Stack gap="sm">
          <Group grow align="start">
            <RuDateInput label="С" required {...dateField(form, 'periodStart')} />
            <RuDateInput label="По" required {...dateField(form, 'periodEnd')} />
          </Group>
          <MoneyInput label="Сумма, ₽" required min={0} {...form.getInputProps('amount')} />
          <TextInput label="Комментарий" maxLength={200} {...form.getInputProps('note')} />
          <FormActions
            onCancel={onDone}
            cancelLabel="Готово"
            isSaving={add.isPending}
            submitLabel="Добавить расход"
          />
        </Stack>
      </form>
    </Stack>
  );
}

function CampaignsReport({ filters, archived }: { filters: ReportFilters; archived: boolean }) {
  const report = useMarketingCampaigns(filters, archived);
  const archive = useArchiveCampaign();
  const editing = useEditing<MarketingCampaign>();
  const spending = useEditing<string>();
  const data = report.data;
  const spendingCampaign = data?.items.find((item) => item.id === spending.editing?.item) ?? null;
  return (
    <>
      <Group justify="flex-end">
        <Button onClick={() => editing.open(null)}>Новая кампания</Button>
      </Group>
      <ReportState query={report} errorText="Не удалось загрузить кампании">
        {data ? (
          <>
            <KpiCards cards={CAMPAIGN_KPIS} totals={data.totals} previous={data.previous} />
            {data.items.some((item) => item.figures.spend > 0 || item.figures.revenue > 0) ? (
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="sm">
                  Расходы, выручка и маржа по кампаниям
                </Title>
                <BarChart
                  h={240}
                  data={data.items.map((item) => ({ name: item.name, ...item.figures }))}
                  dataKey="name"
                  series={[
                    { name: 'spend', label: 'Расходы', color: 'orange.7' },
                    { name: 'revenue', label: 'Выручка', color: 'blue.7' },
                    { name: 'margin', label: 'Маржа', color: 'green.8' },
                  ]}
                  withLegend
                  valueFormatter={(value) => formatMoney(value)}
                  yAxisProps={{ tickFormatter: formatAxis, width: 64 }}
                />
              </Card>
            ) : null}
            <SortableTable
              columns={COLUMNS}
              rows={data.items}
              rowKey={(row) => row.id}
              testId="marketing-campaigns-table"
              label="Таблица кампаний"
              emptyText="Кампаний нет. Создайте первую — по её метке utm_campaign отчёт найдёт сессии и заказы."
              minWidth={1500}
              actions={(row) => (
                <RowActions onEdit={() => editing.open(row)}>
                  <Button size="xs" variant="light" onClick={() => spending.open(row.id)}>
                    Расходы
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() =>
                      archive.mutate({ id: row.id, archived: !row.archivedAt }, { onError: showErrorToast })
                    }
                  >
                    {row.archivedAt ? 'Вернуть' : 'В архив'}
                  </Button>
                </RowActions>
              )}
              footer={
                <Table.Tr>
                  {COLUMNS.map((column, index) => (
                    <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined}>
                      {index === 0
                        ? 'Итого'
                        : column.numeric
                          ? column.render({ figures: data.totals } as Item)
                          : ''}
                    </Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              }
            />
          </>
        ) : null}
      </ReportState>
      <EditModal
        editing={editing.editing}
        onClose={editing.close}
        title={(item) => (item ? 'Кампания' : 'Новая кампания')}
      >
        {(item) => <CampaignForm campaign={item} onDone={editing.close} />}
      </EditModal>
      <EditModal
        editing={spendingCampaign ? { item: spendingCampaign } : null}
        onClose={spending.close}
        title={(item) => `Расходы: ${item?.name ?? ''}`}
        size="lg"
      >
        {(item) => (item ? <SpendForm campaign={item} onDone={spending.close} /> : null)}
      </EditModal>
    </>
  );
}

/** /crm/marketing/campaigns (ADMIN, MANAGER): campaigns, their spend and what it earned. */
export function CampaignsPage() {
  const [archived, setArchived] = useState(false);
  return (
    <ReportLayout
      title="Кампании"
      visitorsNote
      onCsv={(filters) => downloadMarketingCsv('campaigns', filters, archived)}
      hint={
        <>
          Расход, внесённый за период, распределяется по его дням поровну: в отчёт за выбранные даты попадает
          доля дней, которые в них входят. CPA — расходы / заказы; CAC — расходы / новые платящие клиенты;
          ROAS — выручка / расходы; ROMI — (выручка или маржа − расходы) / расходы. Сессии и заказы кампании —
          с её меткой utm_campaign.
        </>
      }
    >
      {(filters) => (
        <Stack gap="md">
          <Switch
            label="Показать кампании в архиве"
            checked={archived}
            onChange={(event) => setArchived(event.currentTarget.checked)}
          />
          <CampaignsReport filters={filters} archived={archived} />
        </Stack>
      )}
    </ReportLayout>
  );
}
