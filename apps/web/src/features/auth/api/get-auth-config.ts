import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRequests } from '@/lib/session/auth-requests';

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: authRequests.getAuthConfig,
  staleTime: Infinity,
  meta: { silent: true },
});

/** The Telegram widget is offered only when the server names a bot. */
export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
