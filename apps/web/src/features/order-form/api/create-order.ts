import type { CreateOrderRequest, OrderSummary } from '@app/contracts';
import { api } from '@/lib/api-client';

/** The key makes the call safe to repeat: the server answers the same order for the same key. */
export function createOrder(payload: CreateOrderRequest, idempotencyKey: string): Promise<OrderSummary> {
  return api.post<OrderSummary>('/order', payload, {
    auth: 'optional',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
