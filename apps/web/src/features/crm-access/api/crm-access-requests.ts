import type { CreateCrmAccessRequest, CrmAccessRequest } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

export function getMyCrmAccessRequest(): Promise<CrmAccessRequest | null> {
  return api.get<CrmAccessRequest | null>('/crm-access-request/my', { area: 'cabinet' });
}

export function createCrmAccessRequest(body: CreateCrmAccessRequest): Promise<CrmAccessRequest> {
  return api.post<CrmAccessRequest>('/crm-access-request', body, { area: 'cabinet' });
}

export const myCrmAccessRequestQueryOptions = queryOptions({
  queryKey: ['crm-access-request', 'my'],
  queryFn: getMyCrmAccessRequest,
});

export function useMyCrmAccessRequest() {
  return useQuery(myCrmAccessRequestQueryOptions);
}

export function useCreateCrmAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCrmAccessRequest,
    onSuccess: (request) => {
      markCrmAccessRequested(request.createdAt);
      queryClient.setQueryData(myCrmAccessRequestQueryOptions.queryKey, request);
    },
  });
}

/** The local "requested" flag and date (spec 3) bridge the time until the server's answer is loaded. */
export function markCrmAccessRequested(at: string = new Date().toISOString()): void {
  writeStorage(STORAGE_KEYS.crmAccessRequested, 'true');
  writeStorage(STORAGE_KEYS.crmAccessRequestedAt, at);
}

export function clearCrmAccessRequested(): void {
  removeStorage(STORAGE_KEYS.crmAccessRequested);
  removeStorage(STORAGE_KEYS.crmAccessRequestedAt);
}

export function getLocalCrmAccessRequest(): { isRequested: boolean; requestedAt: string | null } {
  return {
    isRequested: readStorage(STORAGE_KEYS.crmAccessRequested) === 'true',
    requestedAt: readStorage(STORAGE_KEYS.crmAccessRequestedAt),
  };
}
