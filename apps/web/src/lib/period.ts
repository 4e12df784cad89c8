import { DEFAULT_TIME_ZONE } from '@/lib/format';

/** Periods of the statistics and marketing reports: ISO dates (Moscow calendar days), as the API takes them. */
export type Period = { startDate: string; endDate: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Moscow as YYYY-MM-DD. */
export function moscowToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const PERIOD_PRESETS = ['month', 'last30', 'year'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_PRESET_LABELS: Record<PeriodPreset, string> = {
  month: 'Этот месяц',
  last30: 'Последние 30 дней',
  year: 'Этот год',
};

/** A preset period ending today (Moscow). */
export function presetPeriod(preset: PeriodPreset, today: string = moscowToday()): Period {
  if (preset === 'month') return { startDate: `${today.slice(0, 7)}-01`, endDate: today };
  if (preset === 'year') return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today };
  return { startDate: addDays(today, -29), endDate: today };
}

/** The period in the URL (`from`, `to`), or this month when it is missing or broken. */
export function readPeriod(params: URLSearchParams, today: string = moscowToday()): Period {
  const from = params.get('from');
  const to = params.get('to');
  if (isIsoDate(from) && isIsoDate(to) && from <= to) return { startDate: from, endDate: to };
  return presetPeriod('month', today);
}
