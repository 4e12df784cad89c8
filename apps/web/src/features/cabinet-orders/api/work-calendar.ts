import type { WorkCalendar } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { formParamsQueryOptions } from '@/lib/form-params';

/**
 * The work calendar (holidays, moved days off) the order form computed the ready date with, from the same
 * public catalogue; null while it loads or when it cannot be read.
 */
export function useWorkCalendar(): WorkCalendar | null {
  const { data } = useQuery({ ...formParamsQueryOptions, select: (params) => params.calendar });
  return data ?? null;
}
