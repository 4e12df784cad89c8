import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CreatePayoutRunRequestSchema,
  PAYOUT_EXCLUSION_LABELS,
  type CreatePayoutRunRequest,
  type PayoutRunSummary,
} from '@app/contracts';
import { AdminList, AdminPageHeader, useConfirmAction } from '@/components/admin-list';
import { RuDateInput } from '@/components/ru-date-input';
import { formatDate, formatDateTime } from '@/lib/format';
import { validateWithSchema } from '@/lib/forms';
import { setServerFieldErrors } from '@/lib/form-submit';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import {
  downloadRegistry,
  useCancelPayoutRun,
  useCreatePayoutRun,
  useMarkPayoutRunPaid,
  usePayoutRun,
  usePayoutRuns,
} from '../api/partner-money';
import { MoneyCell, PayoutStatusBadge, rub } from './money';

const RUN_FILTER: UrlFiltersCodec<{ run: string | null }> = {
  parse: (params) => {
    const run = params.get('run') ?? '';
    return { run: /^[0-9a-f-]{36}$/i.test(run) ? run : null };
  },
  toQuery: ({ run }): Record<string, string> => (run ? { run } : {}),
};

const period = (run: { periodFrom: string; periodTo: string }) =>
  `${formatDate(run.periodFrom)} — ${formatDate(run.periodTo)}`;

/** From the first day of the previous month (Moscow) to today: everything approved so far is paid. */
function defaultPeriod(): CreatePayoutRunRequest {
  const today = new Date(Date.now() + 3 * 3600 * 1000);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return { periodFrom: first.toISOString().slice(0, 10), periodTo: today.toISOString().slice(0, 10) };
}

function CreateRunForm({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreatePayoutRun();
  const form = useForm<CreatePayoutRunRequest>({
    mode: 'controlled',
    initialValues: defaultPeriod(),
    validate: validateWithSchema(CreatePayoutRunRequestSchema),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (run) => {
        showSuccessToast('Выплата сформирована');
        onCreated(run.id);
      },
      onError: (error) => setServerFieldErrors(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Новая выплата">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <RuDateInput
          label="Период с"
          withAsterisk
          {...form.getInputProps('periodFrom')}
          value={form.values.periodFrom || null}
          onChange={(date) => form.setFieldValue('periodFrom', date ?? '')}
        />
        <RuDateInput
          label="по"
          withAsterisk
          {...form.getInputProps('periodTo')}
          value={form.values.periodTo || null}
          onChange={(date) => form.setFieldValue('periodTo', date ?? '')}
        />
        <Button type="submit" loading={create.isPending} mt={{ base: 0, sm: 25 }}>
          Сформировать выплату
        </Button>
      </Group>
    </form>
  );
}

function RunDetail({ id }: { id: string }) {
  const run = usePayoutRun(id);
  const markPaid = useMarkPayoutRunPaid();
  const cancel = useCancelPayoutRun();
  const confirmPaid = useConfirmAction<PayoutRunSummary>({
    title: 'Отметить выплату проведённой?',
    confirmLabel: 'Отметить выплаченной',
    message: (item) =>
      `${item.payoutCount} партнёрам на ${rub(item.totalKopecks)}. Начисления станут выплаченными, партнёры получат письмо. Отменить это нельзя.`,
    onConfirm: async (item) => {
      await markPaid.mutateAsync(item.id);
      showSuccessToast('Выплата проведена');
    },
  });
  const confirmCancel = useConfirmAction<PayoutRunSummary>({
    title: 'Отменить черновик выплаты?',
    confirmLabel: 'Отменить выплату',
    message: () => 'Начисления вернутся в работу и войдут в следующую выплату.',
    onConfirm: async (item) => {
      await cancel.mutateAsync(item.id);
      showSuccessToast('Выплата отменена');
    },
  });
  const data = run.data;
  if (!data) return null;
  return (
    <Card withBorder data-testid="payout-run">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={2} size="h3">
              Выплата за {period(data)}
            </Title>
            <Text size="sm" c="dimmed">
              {data.payoutCount} партн. · {rub(data.totalKopecks)}
              {data.paidAt ? ` · выплачено ${formatDateTime(data.paidAt)}` : ''}
            </Text>
          </div>
          <PayoutStatusBadge status={data.status} />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            onClick={() => downloadRegistry(data).catch(showErrorToast)}
            disabled={data.payoutCount === 0}
          >
            Скачать реестр для банка
          </Button>
          {data.status === 'DRAFT' ? (
            <>
              <Button onClick={() => confirmPaid.ask(data)}>Отметить выплаченной</Button>
              <Button variant="default" color="red" onClick={() => confirmCancel.ask(data)}>
                Отменить
              </Button>
            </>
          ) : null}
        </Group>
        <AdminList
          query={run}
          items={data.payouts}
          errorText="Не удалось загрузить выплату"
          emptyText="В выплате никого нет"
          testId="payout-rows"
          scrollLabel="Партнёры в выплате"
          minWidth={640}
          columns={[
            { label: 'Партнёр' },
            { label: 'Получатель' },
            { label: 'ИНН' },
            { label: 'Начислений', ta: 'right' },
            { label: 'Сумма', ta: 'right' },
          ]}
          renderRow={(payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>{payout.partnerName}</Table.Td>
              <Table.Td>{payout.payee?.payeeName ?? '—'}</Table.Td>
              <Table.Td>{payout.payee?.inn ?? '—'}</Table.Td>
              <Table.Td ta="right">{payout.commissionCount}</Table.Td>
              <MoneyCell kopecks={payout.amountKopecks} />
            </Table.Tr>
          )}
        />
        {data.excluded.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} size="h4">
              Не вошли в выплату
            </Title>
            {data.excluded.map((item) => (
              <Text key={item.partnerAccountId} size="sm">
                {item.partnerName} — {rub(item.amountKopecks)}: {PAYOUT_EXCLUSION_LABELS[item.reason]}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
      {confirmPaid.modal}
      {confirmCancel.modal}
    </Card>
  );
}

/** /crm/partner-payouts (ADMIN): payout runs, the bank registry, marking paid (decision 062). */
export function PayoutsPage() {
  const [{ run }, setFilters] = useUrlFilters(RUN_FILTER);
  const runs = usePayoutRuns();
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Выплаты партнёрам" />
      <Card withBorder>
        <CreateRunForm onCreated={(id) => setFilters({ run: id })} />
      </Card>
      {run ? <RunDetail id={run} /> : null}
      <AdminList
        query={runs}
        items={runs.data?.items ?? []}
        errorText="Не удалось загрузить выплаты"
        emptyText="Выплат пока нет"
        testId="payout-runs"
        minWidth={620}
        columns={[
          { label: 'Период' },
          { label: 'Статус' },
          { label: 'Партнёров', ta: 'right' },
          { label: 'Сумма', ta: 'right' },
          { label: 'Создана' },
        ]}
        hasActions
        renderRow={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{period(item)}</Table.Td>
            <Table.Td>
              <PayoutStatusBadge status={item.status} />
            </Table.Td>
            <Table.Td ta="right">{item.payoutCount}</Table.Td>
            <MoneyCell kopecks={item.totalKopecks} />
            <Table.Td>{formatDateTime(item.createdAt)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                aria-label={`Открыть выплату за ${period(item)}`}
                onClick={() => setFilters({ run: item.id })}
              >
                Открыть
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
