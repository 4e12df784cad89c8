import { useSearchParams } from 'react-router';

/**
 * How a list's filters read from and write to the URL query. `parse` drops unknown or malformed values (a
 * hand-edited link never breaks the list); `toQuery` leaves out empty filters.
 */
export type UrlFiltersCodec<T> = {
  parse: (params: URLSearchParams) => T;
  toQuery: (filters: T) => Record<string, string>;
};

/**
 * The one place the back-office lists keep their filters: the URL query, so a list is shareable and a reload
 * (or Back) restores it. `replace` rewrites the current history entry instead of adding one (a date picker
 * that changes often).
 */
export function useUrlFilters<T>(
  codec: UrlFiltersCodec<T>,
  options: { replace?: boolean } = {},
): [T, (next: T) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = codec.parse(searchParams);
  const setFilters = (next: T) =>
    setSearchParams(
      new URLSearchParams(codec.toQuery(next)),
      options.replace ? { replace: true } : undefined,
    );
  return [filters, setFilters];
}
