import type { Point } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';

export const activePointsQueryOptions = queryOptions({
  queryKey: ['order', 'points', 'active'],
  queryFn: () => api.get<ListAnswer<Point>>('/point/active', { auth: 'none' }).then((data) => data.items),
  staleTime: 5 * 60_000,
});

export function useActivePoints(enabled: boolean) {
  return useQuery({ ...activePointsQueryOptions, enabled });
}
