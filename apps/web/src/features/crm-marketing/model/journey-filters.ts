import { useUrlFilters, type UrlFiltersCodec } from '@/lib/use-url-filters';
import { reportFiltersCodec, type ReportFilters } from '../components/report-filters';

/**
 * A report's URL: the shared report filters (`reportFiltersCodec`) plus the page's own choices (sort, grouping,
 * window), so setting one never drops the other.
 */
export function useJourneyFilters<E extends Record<string, string>>(
  parseExtra: (params: URLSearchParams) => E,
): [ReportFilters & E, (next: ReportFilters & E) => void] {
  const codec: UrlFiltersCodec<ReportFilters & E> = {
    parse: (params) => ({ ...reportFiltersCodec.parse(params), ...parseExtra(params) }),
    toQuery: (filters) => {
      const query = { ...reportFiltersCodec.toQuery(filters) };
      for (const key of Object.keys(parseExtra(new URLSearchParams())))
        if (filters[key]) query[key] = filters[key] as string;
      return query;
    },
  };
  return useUrlFilters(codec);
}

/** A value of `allowed`, else the first one (a hand-edited link never breaks the page). */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : allowed[0]!;
}
