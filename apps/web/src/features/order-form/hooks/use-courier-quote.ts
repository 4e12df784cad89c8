import type { DeliveryOption } from '@app/contracts';
import { useState } from 'react';
import { checkDeliveryPrice } from '../api/check-delivery-price';
import { useDraftUpdater } from './use-order-draft';

/** Spec 9: geolocation waits 15 s and accepts a position cached up to 5 minutes. */
export const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 15_000, maximumAge: 5 * 60_000 };

export type CourierQuoteState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'done'; options: DeliveryOption[] }
  | { status: 'error'; message: string };

function getPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Браузер не умеет определять местоположение'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS);
  });
}

/**
 * There is no geocoder for a typed address, so a courier quote needs the visitor's own location, asked only
 * when they press the button; the order is priced by the server from its tariffs in any case.
 */
export function useCourierQuote(officeId: string | null) {
  const { updateStep3 } = useDraftUpdater();
  const [state, setState] = useState<CourierQuoteState>({ status: 'idle' });

  const requestQuote = async () => {
    setState({ status: 'locating' });
    try {
      const position = await getPosition();
      const to: [number, number] = [position.coords.latitude, position.coords.longitude];
      const { options } = await checkDeliveryPrice({ to, officeId });
      const [best] = options;
      updateStep3({ coordinates: to, optionId: best?.id ?? null, quotedPrice: best?.price ?? null });
      setState({ status: 'done', options });
    } catch (error) {
      const message =
        error instanceof GeolocationPositionError
          ? 'Не удалось определить местоположение. Стоимость рассчитает менеджер.'
          : error instanceof Error
            ? error.message
            : String(error);
      setState({ status: 'error', message });
    }
  };

  return { state, requestQuote };
}
