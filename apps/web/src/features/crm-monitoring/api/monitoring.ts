import {
  formatMessage,
  MESSAGES,
  type CronActionResponse,
  type CronQueueInfo,
  type FailedJobGroup,
  type JobBulkRequest,
  type JobBulkResponse,
  type JobDetail,
  type JobListQuery,
  type JobListResponse,
  type QueueState,
  type Throughput,
  type ThroughputRange,
  type MonitoringDashboard,
  type OrderLookup,
  type OrderMonitoring,
  type QueueInfo,
  type QueueJob,
  type QueueName,
  type RetryJobsResponse,
  type StaffOrderListItem,
} from '@app/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type ListAnswer } from '@/lib/api-client';
import { showToast } from '@/lib/notify';

/** Spec 2/9: the automation and periodic-task views refresh every 30 s; the other views follow suit. */
export const MONITORING_REFRESH_MS = 30_000;

export const MONITORING_KEY = ['crm', 'monitoring'] as const;

type DataAnswer<T> = { success: true; data: T };

async function getData<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await api.get<DataAnswer<T>>(path, { area: 'crm', signal })).data;
}

/** Errors of monitoring calls: a spec 8 text, then what the server said when it said something else. */
export function showMonitoringError(text: string, error: unknown): void {
  const detail = error instanceof Error && error.message && error.message !== text ? error.message : null;
  showToast({ kind: 'error', title: MESSAGES.errorTitle, message: detail ? `${text}. ${detail}` : text });
}

// The views show their own spec 8 error next to the data, so the global toast is silenced (no toast every 30 s).
const silent = { silent: true } as const;

export function useMonitoringDashboard() {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'dashboard'],
    queryFn: ({ signal }) => getData<MonitoringDashboard>('/admin/order-monitoring/dashboard', signal),
    refetchInterval: MONITORING_REFRESH_MS,
    meta: silent,
  });
}

export function useQueueInfo() {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'queue-info'],
    queryFn: ({ signal }) => getData<QueueInfo>('/admin/queue/info', signal),
    refetchInterval: MONITORING_REFRESH_MS,
    meta: silent,
  });
}

export function useFailedGroups() {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'failed-groups'],
    queryFn: ({ signal }) => getData<FailedJobGroup[]>('/admin/queue/failed-groups', signal),
    refetchInterval: MONITORING_REFRESH_MS,
    meta: silent,
  });
}

export type FoundOrder = { orderId: string; orderNumber: number | null };

/** An order number is resolved through the staff order search (exact number match); an ID is taken as is. */
export async function resolveOrderLookup(lookup: OrderLookup, signal?: AbortSignal): Promise<FoundOrder> {
  if (lookup.kind === 'id') return { orderId: lookup.id, orderNumber: null };
  const answer = await api.get<ListAnswer<StaffOrderListItem>>('/order', {
    query: { search: String(lookup.number), limit: 100 },
    area: 'crm',
    signal,
  });
  const order = answer.items.find((item) => item.number === lookup.number);
  if (!order) throw new OrderNotFoundError(lookup.number);
  return { orderId: order.id, orderNumber: order.number };
}

export class OrderNotFoundError extends Error {
  constructor(number: number) {
    super(formatMessage(MESSAGES.orderByNumberNotFound, { number }));
    this.name = 'OrderNotFoundError';
  }
}

export type OrderJobsSearchResult = FoundOrder & { jobs: QueueJob[] };

/** The automation tab's search: the order behind the input and its jobs. */
export function useOrderJobsSearch(lookup: OrderLookup | null) {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'order-jobs', lookup],
    queryFn: async ({ signal }): Promise<OrderJobsSearchResult> => {
      const order = await resolveOrderLookup(lookup!, signal);
      const jobs = await getData<QueueJob[]>(
        `/admin/queue/order/${encodeURIComponent(order.orderId)}`,
        signal,
      );
      return { ...order, jobs };
    },
    enabled: lookup !== null,
    refetchInterval: MONITORING_REFRESH_MS,
    placeholderData: keepPreviousData,
    retry: false,
    meta: silent,
  });
}

export function useOrderMonitoring(orderId: string) {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'order', orderId],
    queryFn: ({ signal }) =>
      getData<OrderMonitoring>(`/admin/order-monitoring/order/${encodeURIComponent(orderId)}`, signal),
    refetchInterval: MONITORING_REFRESH_MS,
    meta: silent,
  });
}

export function useCronInfo(isAutoRefresh: boolean) {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'cron'],
    queryFn: ({ signal }) => getData<CronQueueInfo[]>('/admin/cron/info', signal),
    refetchInterval: isAutoRefresh ? MONITORING_REFRESH_MS : false,
    meta: silent,
  });
}

/** Every change refetches all monitoring views: counts, lists, groups and the order pages move together. */
function useMonitoringMutation<TVariables, TAnswer>(
  mutationFn: (variables: TVariables) => Promise<TAnswer>,
  errorText: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: silent,
    onError: (error) => showMonitoringError(errorText, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MONITORING_KEY }),
  });
}

export function useCancelOrderJobs() {
  return useMonitoringMutation(
    (orderId: string) =>
      api.delete<{ success: true; message: string; cancelled: number }>(
        `/admin/queue/order/${encodeURIComponent(orderId)}`,
        undefined,
        { area: 'crm' },
      ),
    MESSAGES.jobsCancelError,
  );
}

export function useRetryJob() {
  return useMonitoringMutation(
    (jobId: string) =>
      api.post<RetryJobsResponse>(`/admin/queue/jobs/${encodeURIComponent(jobId)}/retry`, undefined, {
        area: 'crm',
      }),
    MESSAGES.jobsRetryError,
  );
}

export function useRetryFailedOfQueue() {
  return useMonitoringMutation(
    (queue: QueueName) =>
      api.post<RetryJobsResponse>(`/admin/queue/${encodeURIComponent(queue)}/retry-failed`, undefined, {
        area: 'crm',
      }),
    MESSAGES.jobsRetryError,
  );
}

export function useInitializeCron() {
  return useMonitoringMutation(
    () => api.post<CronActionResponse>('/admin/cron/initialize', undefined, { area: 'crm' }),
    MESSAGES.cronInitializeError,
  );
}

export function useClearCron() {
  return useMonitoringMutation(
    () => api.delete<CronActionResponse>('/admin/cron/all', undefined, { area: 'crm' }),
    MESSAGES.cronClearError,
  );
}

// Queues as Bull Board / Oban Web users expect (decision 056).

export type JobListFilter = Omit<JobListQuery, 'cursor' | 'size'>;

/** A job list, newest first, a page at a time ("Показать ещё" loads the next page after the last cursor). */
export function useJobList(filter: JobListFilter | null) {
  return useInfiniteQuery({
    queryKey: [...MONITORING_KEY, 'job-list', filter],
    queryFn: ({ signal, pageParam }) =>
      api.get<JobListResponse>('/admin/queue/jobs', {
        query: {
          ...Object.fromEntries(Object.entries(filter ?? {}).filter(([, value]) => value)),
          size: 50,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        area: 'crm',
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: filter !== null,
    refetchInterval: MONITORING_REFRESH_MS,
    meta: silent,
  });
}

export function useJobDetail(jobId: string) {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'job', jobId],
    queryFn: ({ signal }) => getData<JobDetail>(`/admin/queue/job/${encodeURIComponent(jobId)}`, signal),
    refetchInterval: MONITORING_REFRESH_MS,
    meta: silent,
  });
}

export function useQueueStates() {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'queue-states'],
    queryFn: ({ signal }) => getData<QueueState[]>('/admin/queue/queues', signal),
    refetchInterval: MONITORING_REFRESH_MS,
    meta: silent,
  });
}

export function useThroughput(range: ThroughputRange) {
  return useQuery({
    queryKey: [...MONITORING_KEY, 'throughput', range],
    queryFn: ({ signal }) => getData<Throughput>(`/admin/queue/throughput?range=${range}`, signal),
    refetchInterval: MONITORING_REFRESH_MS,
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export function useBulkJobs(action: 'retry' | 'cancel') {
  return useMonitoringMutation(
    (request: JobBulkRequest) =>
      api.post<JobBulkResponse>(`/admin/queue/jobs/${action}`, request, { area: 'crm' }),
    action === 'retry' ? MESSAGES.jobsRetryError : MESSAGES.jobsCancelError,
  );
}

export function useQueuePause() {
  return useMonitoringMutation(
    ({ queue, pause }: { queue: QueueName; pause: boolean }) =>
      api.post<{ success: true; message: string; queue: QueueState }>(
        `/admin/queue/${encodeURIComponent(queue)}/${pause ? 'pause' : 'resume'}`,
        undefined,
        { area: 'crm' },
      ),
    MESSAGES.queuePauseError,
  );
}

export function useRunScheduleNow() {
  return useMonitoringMutation(
    (name: string) =>
      api.post<{ success: true; message: string; jobId: string }>(
        `/admin/cron/${encodeURIComponent(name)}/run`,
        undefined,
        { area: 'crm' },
      ),
    MESSAGES.cronRunError,
  );
}
