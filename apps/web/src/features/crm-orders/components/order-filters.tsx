import {
  DELIVERY_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type DeliveryType,
  type PayerType,
} from '@app/contracts';
import { Button, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { RuDateInput } from '@/components/ru-date-input';
import { SearchForm } from '@/components/search-form';
import { useOrderFilterOptions } from '../api/order-filter-options';
import { EMPTY_FILTERS, PAYER_TYPE_LABELS, type OrderFilters as Filters } from '../model/filters';

const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
const PAYER_OPTIONS = Object.entries(PAYER_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const DELIVERY_OPTIONS = Object.entries(DELIVERY_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const PAID_OPTIONS = [
  { value: 'true', label: 'Оплачен' },
  { value: 'false', label: 'Не оплачен' },
];

/**
 * Partner, then its pickup point. Without a partner the point list holds every point grouped by partner (a
 * shared link may carry a point alone); choosing another partner drops a point that is not theirs.
 */
function PartnerPointFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const options = useOrderFilterOptions();
  const partners = options.data?.partners ?? [];
  const partner = partners.find((item) => item.id === value.partnerId) ?? null;
  const pointLabel = (point: { name: string; isActive: boolean }) =>
    point.isActive ? point.name : `${point.name} (отключён)`;
  const pointOptions = partner
    ? partner.points.map((point) => ({ value: point.id, label: pointLabel(point) }))
    : partners
        .filter((item) => item.points.length > 0)
        .map((item) => ({
          group: item.name,
          items: item.points.map((point) => ({ value: point.id, label: pointLabel(point) })),
        }));
  const choosePartner = (partnerId: string | null) => {
    const chosen = partners.find((item) => item.id === partnerId);
    const keepsPoint = chosen?.points.some((point) => point.id === value.pointId) ?? false;
    onChange({ ...value, partnerId, pointId: keepsPoint ? value.pointId : null });
  };
  return (
    <>
      <Select
        label="Партнёр"
        placeholder="Все"
        data={partners.map((item) => ({ value: item.id, label: item.name }))}
        value={value.partnerId}
        onChange={choosePartner}
        clearable
        searchable
        nothingFoundMessage="Не найдено"
        disabled={options.isPending}
        w={200}
      />
      <Select
        label="Пункт выдачи"
        placeholder={partner && partner.points.length === 0 ? 'У партнёра нет пунктов' : 'Все'}
        data={pointOptions}
        value={value.pointId}
        onChange={(pointId) => onChange({ ...value, pointId })}
        clearable
        searchable
        nothingFoundMessage="Не найдено"
        disabled={options.isPending || (partner !== null && partner.points.length === 0)}
        w={220}
      />
    </>
  );
}

/** How many filters besides the search are set (shown on the phone's "Фильтры" button). */
export function countActiveFilters(value: Filters): number {
  return (
    (value.status.length > 0 ? 1 : 0) +
    [
      value.dateFrom,
      value.dateTo,
      value.payerType,
      value.deliveryType,
      value.isPaid,
      value.partnerId,
      value.pointId,
    ].filter((item) => item !== null).length
  );
}

/**
 * Filters and search of the staff order list; every change goes straight to the URL through onChange. On a phone
 * the search stays and the filters fold behind a button, so the list itself is on the first screen.
 */
export function OrderFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const isPhone = useMediaQuery('(max-width: 40em)') ?? false;
  const [isExpanded, setExpanded] = useState(false);
  const active = countActiveFilters(value);
  return (
    <Stack gap="xs" data-testid="order-filters">
      <Group align="flex-end" gap="xs">
        <SearchForm
          key={value.search}
          formLabel="Поиск заказов"
          placeholder="Номер, e-mail, телефон или имя"
          initial={value.search}
          onSearch={(search) => onChange({ ...value, search })}
        />
        {isPhone ? (
          <Button
            variant={active > 0 ? 'light' : 'default'}
            aria-expanded={isExpanded}
            onClick={() => setExpanded((current) => !current)}
          >
            {active > 0 ? `Фильтры (${active})` : 'Фильтры'}
          </Button>
        ) : null}
      </Group>
      {isPhone && !isExpanded ? null : <FilterFields value={value} onChange={onChange} />}
    </Stack>
  );
}

function FilterFields({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <MultiSelect
        label="Статус"
        placeholder={value.status.length ? undefined : 'Все'}
        data={STATUS_OPTIONS}
        value={value.status}
        onChange={(status) => onChange({ ...value, status: status as Filters['status'] })}
        clearable
        w={260}
      />
      <RuDateInput
        label="Дата с"
        value={value.dateFrom}
        onChange={(dateFrom) => onChange({ ...value, dateFrom })}
        clearable
        w={150}
      />
      <RuDateInput
        label="Дата по"
        value={value.dateTo}
        onChange={(dateTo) => onChange({ ...value, dateTo })}
        clearable
        w={150}
      />
      <Select
        label="Плательщик"
        placeholder="Все"
        data={PAYER_OPTIONS}
        value={value.payerType}
        onChange={(payerType) => onChange({ ...value, payerType: payerType as PayerType | null })}
        clearable
        w={180}
      />
      <Select
        label="Доставка"
        placeholder="Все"
        data={DELIVERY_OPTIONS}
        value={value.deliveryType}
        onChange={(deliveryType) => onChange({ ...value, deliveryType: deliveryType as DeliveryType | null })}
        clearable
        w={170}
      />
      <Select
        label="Оплата"
        placeholder="Все"
        data={PAID_OPTIONS}
        value={value.isPaid}
        onChange={(isPaid) => onChange({ ...value, isPaid: isPaid as Filters['isPaid'] })}
        clearable
        w={150}
      />
      <PartnerPointFilters value={value} onChange={onChange} />
      <Button variant="subtle" onClick={() => onChange(EMPTY_FILTERS)}>
        Сбросить
      </Button>
    </Group>
  );
}
