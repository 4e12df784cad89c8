import {
  PARTNER_MESSAGES,
  PARTNER_STATUS_LABELS,
  PARTNER_STATUSES,
  PARTNER_TYPE_LABELS,
  PARTNER_TYPES,
  type PartnerStatus,
  type PartnerType,
  PORTAL_PARTNER_MANUAL_STATUSES,
  type PortalPartner,
} from '@app/contracts';
import { Button, Group, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AdminList } from '@/components/admin-list';
import { LoadMoreButton } from '@/components/load-more-button';
import { SearchForm } from '@/components/search-form';
import { formatDate } from '@/lib/format';
import { numberOrNull, type NumberField } from '@/lib/forms';
import { showSuccessToast } from '@/lib/notify';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import {
  useChangePartnerStatus,
  usePortalPartners,
  useSetPartnerCommission,
  type PortalPartnerFilters,
} from '../api/partner-program';
import { ReasonConfirmModal } from './reason-confirm-modal';

const TYPE_OPTIONS = PARTNER_TYPES.map((value) => ({ value, label: PARTNER_TYPE_LABELS[value] }));
const STATUS_OPTIONS = PARTNER_STATUSES.map((value) => ({ value, label: PARTNER_STATUS_LABELS[value] }));
const MANUAL_STATUS_OPTIONS = PORTAL_PARTNER_MANUAL_STATUSES.map((value) => ({
  value,
  label: PARTNER_STATUS_LABELS[value],
}));

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const FILTERS_CODEC: UrlFiltersCodec<PortalPartnerFilters> = {
  parse: (params) => ({
    search: (params.get('search') ?? '').trim().slice(0, 200),
    type: pick(PARTNER_TYPES, params.get('type')),
    status: pick(PARTNER_STATUSES, params.get('status')),
  }),
  toQuery: ({ search, type, status }) => ({
    ...(search ? { search } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
  }),
};

const COLUMNS = [
  { label: 'Партнёр' },
  { label: 'Тип' },
  { label: 'Статус' },
  { label: 'Комиссия' },
  { label: 'С нами с' },
] as const;

type StatusChange = { partner: PortalPartner; status: PartnerStatus };

/** The own rate: empty = the type's default (shown as the placeholder). Saved on «Сохранить». */
function CommissionCell({ partner }: { partner: PortalPartner }) {
  const [value, setValue] = useState<NumberField>(partner.commissionPercent ?? '');
  const save = useSetPartnerCommission();
  const next = numberOrNull(value);
  const isChanged = next !== partner.commissionPercent;
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput
        aria-label={`Своя комиссия: ${partner.name}`}
        placeholder={`${partner.effectiveCommissionPercent} % по умолчанию`}
        value={value}
        onChange={setValue}
        min={0}
        max={50}
        decimalScale={2}
        decimalSeparator=","
        size="xs"
        w={170}
      />
      {isChanged ? (
        <Button
          size="xs"
          variant="light"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: partner.id, commissionPercent: next },
              { onSuccess: () => showSuccessToast('Комиссия партнёра сохранена') },
            )
          }
        >
          Сохранить
        </Button>
      ) : null}
    </Group>
  );
}

/** The portal partners on /crm/partner-program: search, filters, status changes with a reason, own rates. */
export function PortalPartners() {
  const [filters, setFilters] = useUrlFilters(FILTERS_CODEC);
  const partners = usePortalPartners(filters);
  const changeStatus = useChangePartnerStatus();
  const [change, setChange] = useState<StatusChange | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

  return (
    <Stack gap="sm" component="section" aria-label="Партнёры программы">
      <Title order={2} size="h4">
        Партнёры программы
      </Title>
      <Group align="flex-end" gap="sm">
        <SearchForm
          key={filters.search}
          formLabel="Поиск партнёров"
          placeholder="Имя, компания или e-mail"
          initial={filters.search}
          onSearch={(search) => setFilters({ ...filters, search })}
        />
        <Select
          label="Тип"
          placeholder="Все"
          data={TYPE_OPTIONS}
          value={filters.type}
          onChange={(value) => setFilters({ ...filters, type: value as PartnerType | null })}
          clearable
          w={240}
        />
        <Select
          label="Статус"
          placeholder="Все"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => setFilters({ ...filters, status: value as PartnerStatus | null })}
          clearable
          w={180}
        />
      </Group>
      <AdminList
        query={partners}
        items={partners.data?.pages.flatMap((page) => page.items) ?? []}
        errorText="Не удалось загрузить партнёров"
        emptyText="Партнёров не найдено"
        loadingLabel="Загрузка партнёров"
        testId="portal-partners-table"
        minWidth={900}
        columns={COLUMNS}
        renderRow={(partner) => (
          <Table.Tr key={partner.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {partner.name}
              </Text>
              <Text size="xs" c="dimmed">
                {[partner.company, partner.email].filter(Boolean).join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td>{PARTNER_TYPE_LABELS[partner.type]}</Table.Td>
            <Table.Td>
              <Select
                aria-label={`Статус: ${partner.name}`}
                data={partner.status === 'PENDING' ? STATUS_OPTIONS : MANUAL_STATUS_OPTIONS}
                value={partner.status}
                allowDeselect={false}
                size="xs"
                w={170}
                onChange={(value) => {
                  if (!value || value === partner.status) return;
                  setChange({ partner, status: value as PartnerStatus });
                  setIsConfirmOpen(true);
                }}
              />
            </Table.Td>
            <Table.Td>
              <CommissionCell key={`${partner.id}-${partner.commissionPercent}`} partner={partner} />
            </Table.Td>
            <Table.Td>{formatDate(partner.createdAt)}</Table.Td>
          </Table.Tr>
        )}
      />
      <LoadMoreButton list={partners} />
      <ReasonConfirmModal
        opened={isConfirmOpen}
        title="Изменить статус партнёра?"
        confirmLabel="Изменить статус"
        reasonLabel="Причина"
        requiredMessage={PARTNER_MESSAGES.partnerStatusReasonRequired}
        onConfirm={async (reason) => {
          if (!change) return;
          await changeStatus.mutateAsync({
            id: change.partner.id,
            status: change.status as (typeof PORTAL_PARTNER_MANUAL_STATUSES)[number],
            expectedStatus: change.partner.status,
            reason,
          });
          showSuccessToast('Статус партнёра изменён');
        }}
        onClose={() => setIsConfirmOpen(false)}
      >
        {change ? (
          <>
            <Text>{`${change.partner.name} (${change.partner.email})`}</Text>
            <Text
              fw={600}
            >{`${PARTNER_STATUS_LABELS[change.partner.status]} → ${PARTNER_STATUS_LABELS[change.status]}`}</Text>
            {change.status === 'BANNED' ? (
              <Text size="sm">
                Партнёр сразу выйдет из кабинета и не сможет войти; ссылки и промокоды перестанут работать.
              </Text>
            ) : change.status === 'SUSPENDED' ? (
              <Text size="sm">
                Партнёр сможет войти и видеть начисления, но ссылки и промокоды перестанут приводить заказы.
              </Text>
            ) : null}
          </>
        ) : null}
      </ReasonConfirmModal>
    </Stack>
  );
}
