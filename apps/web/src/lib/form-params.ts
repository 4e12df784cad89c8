import type { FormParamsResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The order form's catalogue (GET /api/order/form-params, public): documents, languages, deliveries, tariffs and
 * the work calendar (holidays, moved days off). The order form draws from it; the cabinet's order timeline reads
 * its calendar, so an expected date skips the same holidays the ready date did. One query, one cache entry.
 */
export const formParamsQueryOptions = queryOptions({
  queryKey: ['order', 'form-params'],
  queryFn: () => api.get<FormParamsResponse>('/order/form-params', { auth: 'none' }),
  staleTime: 5 * 60_000,
});

/**
 * A catalogue with nothing in it: the form as it looks before anything is chosen. The build draws step 1 from it
 * (src/prerender, decision 017); tests use it where the catalogue's content does not matter.
 */
export const EMPTY_FORM_PARAMS: FormParamsResponse = {
  documents: [],
  assurances: [],
  deliveries: [],
  languages: [],
  offices: [],
  calendar: { nonWorkingDays: [], workingWeekendDays: [] },
  tariffs: [],
};
