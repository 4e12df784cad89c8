import {
  DELIVERY_TYPES,
  ORDER_SORT_KEYS,
  ORDER_STATUSES,
  PAYER_TYPES,
  STAFF_STATUS_TRANSITIONS,
  type DeliveryType,
  type OrderSort,
  type OrderStatus,
  type PayerType,
} from '@app/contracts';
import type { QueryValue } from '@/lib/api-client';
import type { UrlFiltersCodec } from '@/lib/use-url-filters';

/** The staff order list filters as the URL keeps them (shareable; a reload restores them). */
export type OrderFilters = {
  status: OrderStatus[];
  dateFrom: string | null;
  dateTo: string | null;
  payerType: PayerType | null;
  deliveryType: DeliveryType | null;
  isPaid: 'true' | 'false' | null;
  /** Orders to the pickup points of this back-office partner. */
  partnerId: string | null;
  pointId: string | null;
  search: string;
  /** The server-side sort (a whitelisted key of the contract); newest first unless chosen. */
  sort: OrderSort;
};

export const DEFAULT_ORDER_SORT: OrderSort = '-createdAt';

export const EMPTY_FILTERS: OrderFilters = {
  status: [],
  dateFrom: null,
  dateTo: null,
  payerType: null,
  deliveryType: null,
  isPaid: null,
  partnerId: null,
  pointId: null,
  search: '',
  sort: DEFAULT_ORDER_SORT,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pick<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function date(value: string | null): string | null {
  return value && ISO_DATE.test(value) ? value : null;
}

function uuid(value: string | null): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/** Unknown or malformed parameters are dropped, so a hand-edited link never breaks the list. */
export function parseFilters(params: URLSearchParams): OrderFilters {
  const status = (params.get('status') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part): part is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(part));
  return {
    status: [...new Set(status)],
    dateFrom: date(params.get('dateFrom')),
    dateTo: date(params.get('dateTo')),
    payerType: pick(PAYER_TYPES, params.get('payerType')),
    deliveryType: pick(DELIVERY_TYPES, params.get('deliveryType')),
    isPaid: pick(['true', 'false'] as const, params.get('isPaid')),
    partnerId: uuid(params.get('partnerId')),
    pointId: uuid(params.get('pointId')),
    search: (params.get('search') ?? '').slice(0, 200),
    sort: pick(ORDER_SORT_KEYS, params.get('sort')) ?? DEFAULT_ORDER_SORT,
  };
}

/** The API query (also the URL query): empty filters are left out. */
export function filtersToQuery(filters: OrderFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status.length > 0) query.status = filters.status.join(',');
  if (filters.dateFrom) query.dateFrom = filters.dateFrom;
  if (filters.dateTo) query.dateTo = filters.dateTo;
  if (filters.payerType) query.payerType = filters.payerType;
  if (filters.deliveryType) query.deliveryType = filters.deliveryType;
  if (filters.isPaid) query.isPaid = filters.isPaid;
  if (filters.partnerId) query.partnerId = filters.partnerId;
  if (filters.pointId) query.pointId = filters.pointId;
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.sort !== DEFAULT_ORDER_SORT) query.sort = filters.sort;
  return query;
}

/** The list keeps its filters in the URL (lib/use-url-filters.ts). */
export const ORDER_FILTERS_CODEC: UrlFiltersCodec<OrderFilters> = {
  parse: parseFilters,
  toQuery: filtersToQuery,
};

export function filtersToSearchParams(filters: OrderFilters): URLSearchParams {
  return new URLSearchParams(filtersToQuery(filters));
}

export function toApiQuery(filters: OrderFilters): Record<string, QueryValue> {
  return filtersToQuery(filters);
}

/** Statuses staff may move an order to from its current one (the server enforces the same table). */
export function allowedNextStatuses(status: OrderStatus): OrderStatus[] {
  return [...STAFF_STATUS_TRANSITIONS[status]];
}

/** The contracts' labels, which the CSV export prints too. */
export { PAYER_TYPE_LABELS } from '@app/contracts';
