import { Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { COUPON_LIMITS, CouponCampaignCreateRequestSchema, type CouponCampaign } from '@app/contracts';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { MoneyInput } from '@/components/money-input';
import { RuDateInput } from '@/components/ru-date-input';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { formatDate } from '@/lib/format';
import { useCouponCampaigns, useCreateCouponCampaign } from '../api/coupons';
import { rub } from './shared';

function CreateCampaignForm() {
  const create = useCreateCouponCampaign();
  const form = useValidatedForm(
    {
      name: '',
      clientCompany: '',
      startsOn: null as string | null,
      endsOn: null as string | null,
      budgetRub: null as number | null,
    },
    validateWithSchema(CouponCampaignCreateRequestSchema),
  );
  const submit = form.onSubmit((values) =>
    create.mutate(
      { ...values, budgetRub: typeof values.budgetRub === 'number' ? values.budgetRub : null },
      saveCallbacks(form, 'Кампания создана', () => form.reset()),
    ),
  );
  return (
    <form onSubmit={submit} aria-label="Новая кампания" noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Название"
            withAsterisk
            maxLength={COUPON_LIMITS.nameMax}
            w={260}
            maw="100%"
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Клиент"
            description="Компания или мероприятие"
            maxLength={COUPON_LIMITS.clientMax}
            w={260}
            maw="100%"
            {...form.getInputProps('clientCompany')}
          />
          <RuDateInput
            label="Начало"
            clearable
            w={170}
            value={form.values.startsOn}
            onChange={(value) => form.setFieldValue('startsOn', value)}
            error={form.errors.startsOn}
          />
          <RuDateInput
            label="Окончание"
            clearable
            w={170}
            value={form.values.endsOn}
            onChange={(value) => form.setFieldValue('endsOn', value)}
            error={form.errors.endsOn}
          />
          <MoneyInput
            label="Бюджет скидок, ₽"
            description="Пусто — без ограничения"
            w={200}
            {...form.getInputProps('budgetRub')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            Создать кампанию
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const COLUMNS = [
  { label: 'Кампания' },
  { label: 'Клиент' },
  { label: 'Период' },
  { label: 'Купоны' },
  { label: 'Бюджет' },
  { label: 'Потрачено' },
  { label: 'Остаток' },
] as const;

const period = (campaign: CouponCampaign) =>
  campaign.startsOn || campaign.endsOn
    ? `${campaign.startsOn ? formatDate(campaign.startsOn) : '…'} — ${campaign.endsOn ? formatDate(campaign.endsOn) : '…'}`
    : 'без ограничения';

/**
 * /partner/corporate/campaigns: a campaign groups batches for one client company or event; its coupons stop
 * giving discounts when the budget is spent (decision 069).
 */
export function CouponCampaignsPage() {
  const campaigns = useCouponCampaigns();
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Кампании" />
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            Кампания объединяет пакеты купонов одного клиента или мероприятия. Когда бюджет скидок исчерпан,
            купоны кампании больше не дают скидку.
          </Text>
          <CreateCampaignForm />
        </Stack>
      </Card>
      <AdminList
        query={campaigns}
        items={campaigns.data?.items ?? []}
        errorText="Не удалось загрузить кампании"
        emptyText="Кампаний пока нет"
        testId="campaigns-table"
        minWidth={760}
        columns={COLUMNS}
        renderRow={(campaign: CouponCampaign) => (
          <Table.Tr key={campaign.id}>
            <Table.Td>{campaign.name}</Table.Td>
            <Table.Td>{campaign.clientCompany ?? '—'}</Table.Td>
            <Table.Td>{period(campaign)}</Table.Td>
            <Table.Td>
              {campaign.couponsUsed} из {campaign.couponsIssued} ({campaign.batches} пак.)
            </Table.Td>
            <Table.Td>
              {campaign.budgetKopecks === null ? 'без лимита' : rub(campaign.budgetKopecks)}
            </Table.Td>
            <Table.Td>{rub(campaign.spentKopecks)}</Table.Td>
            <Table.Td>{campaign.remainingKopecks === null ? '—' : rub(campaign.remainingKopecks)}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
