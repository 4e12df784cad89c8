import { Button, Group, Paper, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RuDateInput } from '@/components/ru-date-input';
import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { isIsoDate, moscowToday, presetPeriod } from '@/lib/period';

/**
 * The filters every marketing report shares (issue 19): the period (`from`, `to`: Moscow days), channel, source,
 * campaign and the comparison with the previous period, all in the URL so a report is a link. The query sent to
 * the API is exactly these (`MarketingReportQuerySchema`).
 */
export type ReportFilters = {
  from: string;
  to: string;
  channel?: string;
  source?: string;
  campaign?: string;
  compare: boolean;
};

const text = (value: string | null) => {
  const trimmed = value?.trim().slice(0, 200);
  return trimmed ? trimmed : undefined;
};

export const reportFiltersCodec: UrlFiltersCodec<ReportFilters> = {
  parse: (params) => {
    const from = params.get('from');
    const to = params.get('to');
    const fallback = presetPeriod('last30', moscowToday());
    const period =
      isIsoDate(from) && isIsoDate(to) && from <= to
        ? { from, to }
        : { from: fallback.startDate, to: fallback.endDate };
    return {
      ...period,
      channel: text(params.get('channel')),
      source: text(params.get('source')),
      campaign: text(params.get('campaign')),
      compare: params.get('compare') === 'true',
    };
  },
  toQuery: (filters) => {
    const query: Record<string, string> = { from: filters.from, to: filters.to };
    if (filters.channel) query.channel = filters.channel;
    if (filters.source) query.source = filters.source;
    if (filters.campaign) query.campaign = filters.campaign;
    if (filters.compare) query.compare = 'true';
    return query;
  },
};

/** The report's filters from the URL and their setter. */
export function useReportFilters() {
  return useUrlFilters(reportFiltersCodec);
}

/** The filter bar above a report. Text filters apply on «Применить» (or Enter), dates and the switch at once. */
export function ReportFiltersBar({
  filters,
  onChange,
  withSourceFilters = true,
}: {
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
  withSourceFilters?: boolean;
}) {
  const [draft, setDraft] = useState({
    channel: filters.channel ?? '',
    source: filters.source ?? '',
    campaign: filters.campaign ?? '',
  });
  const apply = () =>
    onChange({
      ...filters,
      channel: text(draft.channel),
      source: text(draft.source),
      campaign: text(draft.campaign),
    });
  return (
    <Paper withBorder p="sm" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Group align="end" gap="sm" wrap="wrap">
          <RuDateInput
            label="С"
            value={filters.from}
            maxDate={filters.to}
            onChange={(value) => value && onChange({ ...filters, from: value })}
            w={150}
          />
          <RuDateInput
            label="По"
            value={filters.to}
            minDate={filters.from}
            onChange={(value) => value && onChange({ ...filters, to: value })}
            w={150}
          />
          {withSourceFilters ? (
            <>
              <TextInput
                label="Канал"
                value={draft.channel}
                onChange={(event) => setDraft({ ...draft, channel: event.currentTarget.value })}
                maxLength={200}
                w={150}
              />
              <TextInput
                label="Источник"
                value={draft.source}
                onChange={(event) => setDraft({ ...draft, source: event.currentTarget.value })}
                maxLength={200}
                w={150}
              />
              <TextInput
                label="Кампания"
                value={draft.campaign}
                onChange={(event) => setDraft({ ...draft, campaign: event.currentTarget.value })}
                maxLength={200}
                w={170}
              />
              <Button type="submit" variant="light">
                Применить
              </Button>
            </>
          ) : null}
          <Switch
            label="Сравнить с прошлым периодом"
            checked={filters.compare}
            onChange={(event) => onChange({ ...filters, compare: event.currentTarget.checked })}
          />
        </Group>
      </form>
    </Paper>
  );
}
