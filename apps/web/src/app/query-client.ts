import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';

function isSilent(meta: Record<string, unknown> | undefined): boolean {
  return meta?.silent === true;
}

export const MAX_QUERY_RETRIES = 1;
export const QUERY_RETRY_DELAY_MS = 1_000;

/** Errors of queries and mutations become toasts in one place (spec 8); `meta: { silent: true }` opts out. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isSilent(query.meta)) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isSilent(mutation.meta)) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx, a missing token) will not heal by retrying; network and 5xx may — once, a second
        // later, so a failed list shows its error and «Повторить» within about a second, not after ~8 s.
        retry: (failureCount, error) =>
          failureCount < MAX_QUERY_RETRIES &&
          !(isApiError(error) && (error.kind === 'unauthorized' || (error.status ?? 500) < 500)),
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
