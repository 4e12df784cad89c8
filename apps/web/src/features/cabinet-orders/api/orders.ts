import type { OrderDetail, OrderListItem } from '@app/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';

export type OrderListPage = ListAnswer<OrderListItem>;
export type PaymentLink = { paymentId: string; confirmationUrl: string; provider: 'test' | 'yookassa' };

export const ORDERS_PAGE_SIZE = 20;
export const CABINET_ORDERS_KEY = ['cabinet', 'orders'] as const;

export function fetchMyOrders(cursor?: string): Promise<OrderListPage> {
  return api.get<OrderListPage>('/order/my', { query: { limit: ORDERS_PAGE_SIZE, cursor }, area: 'cabinet' });
}

export const myOrdersQueryOptions = infiniteQueryOptions({
  queryKey: [...CABINET_ORDERS_KEY, 'list'],
  queryFn: ({ pageParam }) => fetchMyOrders(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useMyOrders() {
  return useInfiniteQuery(myOrdersQueryOptions);
}

export function orderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CABINET_ORDERS_KEY, 'detail', orderId],
    queryFn: () => api.get<OrderDetail>(`/order/${encodeURIComponent(orderId)}`, { area: 'cabinet' }),
    // The page shows its own state (404 → 'Заказ не найден'), not a toast.
    meta: { silent: true },
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery(orderDetailQueryOptions(orderId));
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      api.patch<OrderDetail>(
        '/order/status',
        { id: orderId, status: 'CANCELED', comment: comment.trim() || null },
        { area: 'cabinet' },
      ),
    onSuccess: (order) => {
      queryClient.setQueryData(orderDetailQueryOptions(orderId).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: [...CABINET_ORDERS_KEY, 'list'] });
    },
  });
}

/** The address owner says an order placed for their e-mail by someone not signed in is theirs. */
export function useConfirmOrderOwner(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ id: string; ownerConfirmed: true }>(
        `/order/${encodeURIComponent(orderId)}/confirm-owner`,
        undefined,
        { area: 'cabinet' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CABINET_ORDERS_KEY }),
  });
}

/**
 * The payment link is public by design (order id + its e-mail); the order's own e-mail is sent. The payer comes
 * back to this order in the cabinet.
 */
export function useCreatePaymentLink(orderId: string) {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<PaymentLink>(
        `/order/${encodeURIComponent(orderId)}/create-payment-link`,
        { email, returnTo: 'cabinet' },
        { auth: 'none' },
      ),
  });
}

export function downloadOrderFile(orderId: string, file: { id: string; name: string }) {
  return downloadApiFile(
    `/order/${encodeURIComponent(orderId)}/files/${encodeURIComponent(file.id)}`,
    file.name,
  );
}
