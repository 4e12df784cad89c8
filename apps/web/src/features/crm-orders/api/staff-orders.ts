import type {
  ActExchangeResponse,
  BulkOrderStatusResponse,
  ManualPayment,
  OrderDetail,
  OrderStatus,
  PartnerOrderDetail,
  PartnerOrderListItem,
  StaffOrderListItem,
} from '@app/contracts';
import {
  queryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';
import { downloadApiFile } from '@/lib/download';
import { filtersToQuery, type OrderFilters } from '../model/filters';

export type StaffOrderPage = ListAnswer<StaffOrderListItem>;

export const STAFF_ORDERS_PAGE_SIZE = 20;

/** A page as the list renders it, whatever an unexpected answer holds (no items → an empty page). */
function toPage(answer: Partial<StaffOrderPage> | null): StaffOrderPage {
  return {
    items: Array.isArray(answer?.items) ? answer.items : [],
    nextCursor: answer?.nextCursor ?? null,
    ...(typeof answer?.total === 'number' ? { total: answer.total } : {}),
  };
}
export const CRM_ORDERS_KEY = ['crm', 'orders'] as const;

export function useStaffOrders(filters: OrderFilters) {
  const query = filtersToQuery(filters);
  return useInfiniteQuery({
    queryKey: [...CRM_ORDERS_KEY, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api
        .get<Partial<StaffOrderPage> | null>('/order', {
          query: { ...query, limit: STAFF_ORDERS_PAGE_SIZE, cursor: pageParam },
          area: 'crm',
          signal,
        })
        .then(toPage),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export type PartnerOrderPage = ListAnswer<PartnerOrderListItem>;

/** The PARTNER's orders; `search`: number (with or without «№»), name or 4+ digits of the phone. */
export function usePartnerOrders(search = '') {
  const text = search.trim();
  return useInfiniteQuery({
    queryKey: [...CRM_ORDERS_KEY, 'partner', text],
    queryFn: ({ pageParam, signal }) =>
      api
        .get<Partial<PartnerOrderPage> | null>('/order/partner', {
          query: { limit: STAFF_ORDERS_PAGE_SIZE, cursor: pageParam, ...(text ? { search: text } : {}) },
          area: 'crm',
          signal,
        })
        .then((answer) => ({
          items: Array.isArray(answer?.items) ? answer.items : [],
          nextCursor: answer?.nextCursor ?? null,
        })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function exportOrdersCsv(filters: OrderFilters) {
  const search = new URLSearchParams(filtersToQuery(filters)).toString();
  return downloadApiFile(`/order/export.csv${search ? `?${search}` : ''}`, 'orders.csv');
}

/** The CSV of the selected orders only (the export's `ids` filter). */
export function exportSelectedOrdersCsv(ids: readonly string[]) {
  const search = new URLSearchParams({ ids: ids.join(',') }).toString();
  return downloadApiFile(`/order/export.csv?${search}`, 'orders.csv');
}

/** Moves the selected orders to one status; the answer says, order by order, what changed and what was refused. */
export function useBulkOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; status: OrderStatus; comment: string | null }) =>
      api.post<BulkOrderStatusResponse>('/order/bulk-status', body, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CRM_ORDERS_KEY }),
  });
}

export function staffOrderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...CRM_ORDERS_KEY, 'detail', orderId],
    queryFn: () => api.get<OrderDetail>(`/order/${encodeURIComponent(orderId)}`, { area: 'crm' }),
    meta: { silent: true },
  });
}

export function useStaffOrderDetail(orderId: string) {
  return useQuery(staffOrderDetailQueryOptions(orderId));
}

function useOrderMutation<TVariables>(
  orderId: string,
  mutationFn: (variables: TVariables) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: CRM_ORDERS_KEY });
      await queryClient.invalidateQueries({ queryKey: staffOrderDetailQueryOptions(orderId).queryKey });
    },
  });
}

export function useChangeOrderStatus(orderId: string) {
  return useOrderMutation(
    orderId,
    (body: { status: string; comment: string; internalNote: string; manualPayment?: ManualPayment }) =>
      api.patch(
        '/order/status',
        {
          id: orderId,
          status: body.status,
          comment: body.comment.trim() || null,
          internalNote: body.internalNote.trim() || null,
          ...(body.manualPayment ? { manualPayment: body.manualPayment } : {}),
        },
        {
          area: 'crm',
        },
      ),
  );
}

export function useChangeOrderAmount(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { amount: number; reason: string }) =>
      api.patch('/order/amount', { id: orderId, ...change }, { area: 'crm' }),
    // The page shows the refusal next to the field (403: 'У вас нет прав ...').
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CRM_ORDERS_KEY }),
  });
}

export function useChangeOtherDocumentAmount(orderId: string) {
  return useOrderMutation(orderId, (body: { otherPrice: number | null; otherCost: number | null }) =>
    api.patch('/order/other-document-amount', { orderId, ...body }, { area: 'crm' }),
  );
}

/** Organizations: the signed act came back (or the mark was set by mistake and is removed). */
export function useMarkActExchanged(orderId: string) {
  return useOrderMutation(orderId, (exchanged: boolean) =>
    api.patch<ActExchangeResponse>('/order/act-exchanged', { orderId, exchanged }, { area: 'crm' }),
  );
}

/**
 * Drops a query from the cache once no mounted component reads it (at most `waitMs` later). Removed while its page
 * is still on screen, the page's next render would start the query afresh and fetch it again.
 */
function removeWhenUnobserved(queryClient: QueryClient, queryKey: readonly unknown[], waitMs = 2_000) {
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query || query.getObserversCount() === 0) {
    queryClient.removeQueries({ queryKey, exact: true });
    return;
  }
  const remove = () => {
    unsubscribe();
    clearTimeout(timer);
    queryClient.removeQueries({ queryKey, exact: true });
  };
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'observerRemoved' && event.query === query && query.getObserversCount() === 0)
      remove();
  });
  const timer = setTimeout(remove, waitMs);
}

/**
 * Deletes the order, leaves for the list (`leave`), and drops the order from the cache once its page is gone:
 * no refetch of the deleted order (a 404 and an error in the console), and the list is loaded afresh.
 */
export function useDeleteOrder(orderId: string, leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/order', { id: orderId }, { area: 'crm' }),
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: staffOrderDetailQueryOptions(orderId).queryKey });
      await leave();
      removeWhenUnobserved(queryClient, staffOrderDetailQueryOptions(orderId).queryKey);
      await queryClient.invalidateQueries({ queryKey: [...CRM_ORDERS_KEY, 'list'] });
    },
  });
}

export function useMarkHandedOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api.patch('/order/status', { id: orderId, status: 'COMPLETED', comment: null }, { area: 'crm' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CRM_ORDERS_KEY }),
  });
}

export function downloadStaffOrderFile(orderId: string, file: { id: string; name: string }) {
  return downloadApiFile(
    `/order/${encodeURIComponent(orderId)}/files/${encodeURIComponent(file.id)}`,
    file.name,
  );
}

/** The PARTNER's read-only page of an order to one of its points (any other order is «not found»). */
export function usePartnerOrder(orderId: string) {
  return useQuery({
    queryKey: [...CRM_ORDERS_KEY, 'partner-order', orderId],
    queryFn: ({ signal }) =>
      api.get<PartnerOrderDetail>(`/order/partner/${orderId}`, { area: 'crm', signal }),
  });
}
