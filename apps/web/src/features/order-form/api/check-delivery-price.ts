import type { CheckDeliveryPriceRequest, CheckDeliveryPriceResponse } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function checkDeliveryPrice(body: CheckDeliveryPriceRequest): Promise<CheckDeliveryPriceResponse> {
  return api.post<CheckDeliveryPriceResponse>('/order/yandex-delivery/check-price', body, { auth: 'none' });
}

export function useCheckDeliveryPrice() {
  return useMutation({ mutationFn: checkDeliveryPrice });
}
