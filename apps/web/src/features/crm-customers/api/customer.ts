import type { CustomerCard } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useCustomer(customerId: string) {
  return useQuery({
    queryKey: ['crm', 'customer', customerId],
    queryFn: ({ signal }) =>
      api.get<CustomerCard>(`/customer/${encodeURIComponent(customerId)}`, { area: 'crm', signal }),
  });
}
