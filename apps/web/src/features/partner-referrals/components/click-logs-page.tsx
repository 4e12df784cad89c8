import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AdminList, AdminPageHeader } from '@/components/admin-list';
import { LoadMoreButton } from '@/components/load-more-button';
import { formatDateTime } from '@/lib/format';
import { showErrorToast } from '@/lib/notify';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { exportClickLogs, useClickLogs, usePartnerLinks, type ClickFilters } from '../api/referrals';
import { PeriodFilter } from './shared';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLICK_FILTERS: UrlFiltersCodec<ClickFilters> = {
  parse: (params) => {
    const pick = (key: string, pattern: RegExp) => {
      const value = params.get(key) ?? '';
      return pattern.test(value) ? value : undefined;
    };
    return {
      from: pick('from', DATE),
      to: pick('to', DATE),
      linkId: pick('linkId', /^[0-9a-f-]{36}$/),
      subId: pick('subId', /^[A-Za-z0-9_.-]{1,100}$/),
    };
  },
  toQuery: (filters) => ({ ...filters }),
};

const COLUMNS = [
  { label: 'Дата и время (МСК)' },
  { label: 'Ссылка' },
  { label: 'Sub-ID' },
  { label: 'IP' },
  { label: 'Откуда' },
  { label: 'Заказ' },
] as const;

/** /partner/affiliate/click-logs: the partner's clicks, newest first, filtered, paged, exported as CSV. */
export function PartnerClickLogsPage() {
  const [filters, setFilters] = useUrlFilters(CLICK_FILTERS);
  const [subId, setSubId] = useState(filters.subId ?? '');
  const clicks = useClickLogs(filters);
  const links = usePartnerLinks();
  const [exporting, setExporting] = useState(false);
  const items = clicks.data?.pages.flatMap((page) => page.items) ?? [];
  const download = async () => {
    setExporting(true);
    try {
      await exportClickLogs(filters);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Журнал переходов" />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <PeriodFilter value={filters} onChange={(period) => setFilters({ ...filters, ...period })} />
        <Select
          label="Ссылка"
          clearable
          w={220}
          maw="100%"
          data={(links.data?.items ?? []).map((link) => ({ value: link.id, label: link.name }))}
          value={filters.linkId ?? null}
          onChange={(linkId) => setFilters({ ...filters, linkId: linkId ?? undefined })}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ ...filters, subId: subId.trim() || undefined });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Sub-ID"
              w={160}
              maxLength={100}
              value={subId}
              onChange={(event) => setSubId(event.currentTarget.value)}
            />
            <Button type="submit" variant="default">
              Найти
            </Button>
          </Group>
        </form>
        <Button variant="light" loading={exporting} onClick={() => void download()}>
          Выгрузить CSV
        </Button>
      </Group>
      <AdminList
        query={clicks}
        items={items}
        errorText="Не удалось загрузить журнал"
        emptyText="Переходов за этот период нет"
        testId="click-logs-table"
        minWidth={760}
        columns={COLUMNS}
        renderRow={(click) => (
          <Table.Tr key={click.id}>
            <Table.Td>{formatDateTime(click.clickedAt)}</Table.Td>
            <Table.Td>{click.linkName}</Table.Td>
            <Table.Td>{click.subId ?? '—'}</Table.Td>
            <Table.Td>{click.ipTruncated ?? '—'}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={1} maw={240} title={click.referrer ?? undefined}>
                {click.referrer ?? 'прямой переход'}
              </Text>
            </Table.Td>
            <Table.Td>{click.converted ? 'да' : '—'}</Table.Td>
          </Table.Tr>
        )}
      />
      <LoadMoreButton list={clicks} showLoading />
    </Stack>
  );
}
