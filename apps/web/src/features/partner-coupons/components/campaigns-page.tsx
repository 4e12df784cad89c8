import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { COUPON_LIMITS, CouponCampaignCreateRequestSchema, type CouponCampaign } from '@app/contracts';
import { AdminList, AdminPageHeader, useConfirmAction } from '@/components/admin-list';
import { MoneyInput } from '@/components/money-input';
import { RuDateInput } from '@/components/ru-date-input';
import { saveCallbacks, useValidatedForm } from '@/lib/form-submit';
import { validateWithSchema } from '@/lib/forms';
import { formatDate } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import {
  useArchiveCouponCampaign,
  useCouponCampaigns,
  useCreateCouponCampaign,
  useOwnLinks,
  useSetCampaignLinks,
  useUpdateCouponCampaign,
} from '../api/coupons';
import { rub } from './shared';

/**
 * The campaign's fields: a new campaign (no `campaign`), or an edit of one (its budget may not go below what is
 * spent; the server says so next to the budget).
 */
function CampaignForm({ campaign, onSaved }: { campaign?: CouponCampaign; onSaved?: () => void }) {
  const create = useCreateCouponCampaign();
  const update = useUpdateCouponCampaign();
  const form = useValidatedForm(
    {
      name: campaign?.name ?? '',
      clientCompany: campaign?.clientCompany ?? '',
      startsOn: campaign?.startsOn ?? (null as string | null),
      endsOn: campaign?.endsOn ?? (null as string | null),
      budgetRub: campaign?.budgetKopecks == null ? (null as number | null) : campaign.budgetKopecks / 100,
    },
    validateWithSchema(CouponCampaignCreateRequestSchema),
  );
  const submit = form.onSubmit((values) => {
    const request = { ...values, budgetRub: typeof values.budgetRub === 'number' ? values.budgetRub : null };
    if (campaign) {
      update.mutate(
        { id: campaign.id, ...request },
        saveCallbacks(form, 'Кампания сохранена', () => onSaved?.()),
      );
    } else {
      create.mutate(
        request,
        saveCallbacks(form, 'Кампания создана', () => form.reset()),
      );
    }
  });
  return (
    <form onSubmit={submit} aria-label={campaign ? 'Изменение кампании' : 'Новая кампания'} noValidate>
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
          <Button type="submit" loading={create.isPending || update.isPending}>
            {campaign ? 'Сохранить' : 'Создать кампанию'}
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
  { label: 'Ссылки' },
  { label: 'Действия' },
] as const;

const period = (campaign: CouponCampaign) =>
  campaign.startsOn || campaign.endsOn
    ? `${campaign.startsOn ? formatDate(campaign.startsOn) : '…'} — ${campaign.endsOn ? formatDate(campaign.endsOn) : '…'}`
    : 'без ограничения';

/** The campaign's referral links: a choice among the partner's live links (the ones already in it stay listed). */
function CampaignLinksForm({ campaign, onSaved }: { campaign: CouponCampaign; onSaved: () => void }) {
  const links = useOwnLinks(true);
  const save = useSetCampaignLinks();
  const [selected, setSelected] = useState<string[]>(() =>
    campaign.links.filter((link) => !link.archived).map((link) => link.id),
  );
  const [error, setError] = useState<string | null>(null);
  const options = (links.data?.items ?? [])
    .filter((link) => link.archivedAt === null)
    .map((link) => ({ value: link.id, label: `${link.name} (${link.code})` }));
  return (
    <form
      aria-label="Ссылки кампании"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        save.mutate(
          { id: campaign.id, linkIds: selected },
          {
            onSuccess: () => {
              showSuccessToast('Ссылки кампании сохранены');
              onSaved();
            },
            onError: (failure) => setError(failure instanceof Error ? failure.message : null),
          },
        );
      }}
    >
      <Stack gap="sm">
        <MultiSelect
          label="Партнёрские ссылки"
          description="Заказы по этим ссылкам попадут в аналитику кампании"
          placeholder={options.length === 0 ? 'Нет действующих ссылок' : 'Выберите ссылки'}
          data={options}
          value={selected}
          onChange={setSelected}
          searchable
          clearable
          nothingFoundMessage="Ничего не найдено"
          disabled={links.isLoading}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Сохранить ссылки
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Dialog = { kind: 'edit' | 'links'; campaign: CouponCampaign } | null;

/**
 * /partner/corporate/campaigns: a campaign groups batches for one client company or event; its coupons stop
 * giving discounts when the budget is spent (decision 069).
 */
export function CouponCampaignsPage() {
  const campaigns = useCouponCampaigns();
  const archive = useArchiveCouponCampaign();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const confirmArchive = useConfirmAction<CouponCampaign>({
    title: 'Перенести кампанию в архив?',
    message: (campaign) =>
      `Купоны кампании «${campaign.name}» перестанут давать скидку, новые пакеты в неё выпустить нельзя. Ссылки продолжат работать, их заказы останутся в аналитике.`,
    confirmLabel: 'В архив',
    onConfirm: async (campaign) => {
      await archive.mutateAsync(campaign.id);
      showSuccessToast('Кампания перенесена в архив');
    },
  });
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Кампании" />
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            Кампания объединяет пакеты купонов и партнёрские ссылки одного клиента или мероприятия. Когда
            бюджет скидок исчерпан или кампания в архиве, купоны кампании больше не дают скидку.
          </Text>
          <CampaignForm />
        </Stack>
      </Card>
      <AdminList
        query={campaigns}
        items={campaigns.data?.items ?? []}
        errorText="Не удалось загрузить кампании"
        emptyText="Кампаний пока нет"
        testId="campaigns-table"
        minWidth={1000}
        columns={COLUMNS}
        renderRow={(campaign: CouponCampaign) => (
          <Table.Tr key={campaign.id}>
            <Table.Td>
              {campaign.name}
              {campaign.archivedAt ? (
                <Badge ml="xs" color="gray" variant="light">
                  в архиве
                </Badge>
              ) : null}
            </Table.Td>
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
            <Table.Td>
              {campaign.links.length === 0
                ? '—'
                : campaign.links
                    .map((link) => (link.archived ? `${link.name} (в архиве)` : link.name))
                    .join(', ')}
            </Table.Td>
            <Table.Td>
              {campaign.archivedAt ? (
                <Text size="sm">с {formatDate(campaign.archivedAt)}</Text>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Ссылки кампании «${campaign.name}»`}
                    onClick={() => setDialog({ kind: 'links', campaign })}
                  >
                    Ссылки
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Изменить кампанию «${campaign.name}»`}
                    onClick={() => setDialog({ kind: 'edit', campaign })}
                  >
                    Изменить
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Перенести кампанию «${campaign.name}» в архив`}
                    onClick={() => confirmArchive.ask(campaign)}
                  >
                    В архив
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Modal
        opened={dialog !== null}
        onClose={close}
        size="lg"
        title={
          dialog?.kind === 'links'
            ? `Ссылки кампании «${dialog.campaign.name}»`
            : `Кампания «${dialog?.campaign.name ?? ''}»`
        }
      >
        {dialog?.kind === 'edit' ? (
          <CampaignForm key={dialog.campaign.id} campaign={dialog.campaign} onSaved={close} />
        ) : null}
        {dialog?.kind === 'links' ? (
          <CampaignLinksForm key={dialog.campaign.id} campaign={dialog.campaign} onSaved={close} />
        ) : null}
      </Modal>
      {confirmArchive.modal}
    </Stack>
  );
}
