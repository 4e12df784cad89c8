import { Group } from '@mantine/core';
import { RuDateInput } from '@/components/ru-date-input';
import { formatRub } from '@/lib/format';

/** Kopecks as roubles («1 234,50 ₽»). */
export const rub = (kopecks: number) => formatRub(kopecks / 100);

/** The period of a report: two Moscow dates, empty = the server's default (the last 30 days). */
export function PeriodFilter({
  value,
  onChange,
}: {
  value: { from?: string; to?: string };
  onChange: (next: { from?: string; to?: string }) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <RuDateInput
        label="С"
        clearable
        w={170}
        value={value.from ?? null}
        onChange={(from) => onChange({ ...value, from: from ?? undefined })}
      />
      <RuDateInput
        label="По"
        clearable
        w={170}
        value={value.to ?? null}
        onChange={(to) => onChange({ ...value, to: to ?? undefined })}
      />
    </Group>
  );
}
