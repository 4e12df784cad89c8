import type { CheckDeliveryPriceRequest, CheckDeliveryPriceResponse } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { AppError } from '#src/lib/errors.ts';
import type { Coordinates, DeliveryPricer } from '#src/providers/delivery.ts';
import type { FormSettingsService } from '../../form-settings/form-settings.service.ts';

export type DeliveryPriceService = ReturnType<typeof createDeliveryPriceService>;

/** Courier price from the office (given, or the first one) to the customer's address. */
export function createDeliveryPriceService(deps: {
  pricer: DeliveryPricer;
  formSettings: FormSettingsService;
}) {
  return {
    async checkPrice(input: CheckDeliveryPriceRequest): Promise<CheckDeliveryPriceResponse> {
      let from: Coordinates | null = input.from ?? null;
      if (!from) {
        const { offices } = await deps.formSettings.getFormParams();
        const office =
          (input.officeId ? offices.find((item) => item.id === input.officeId) : offices[0]) ?? null;
        if (input.officeId && !office) throw new AppError('VALIDATION_ERROR', MESSAGES.unknownOffice);
        if (office?.lat != null && office.lon != null) from = [office.lat, office.lon];
      }
      if (!from) throw new AppError('VALIDATION_ERROR', MESSAGES.unknownOffice);
      try {
        return { options: await deps.pricer.quote({ from, to: input.to }) };
      } catch {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Не удалось рассчитать стоимость доставки. Попробуйте позже или выберите другой способ.',
        );
      }
    },
  };
}
