import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PARTNER_MESSAGES,
  PaymentDetailsConfirmRequestSchema,
  PaymentDetailsRequestSchema,
  PaymentDetailsResponseSchema,
  SuccessResponseSchema,
} from '@app/contracts';
import { PARTNER_PORTAL, PUBLIC, requirePartner } from '../../plugins/auth.ts';
import type { PaymentDetailsService } from './payment-details.service.ts';

export const paymentDetailsRoutes: FastifyPluginAsyncZod<{ paymentDetails: PaymentDetailsService }> = async (
  app,
  opts,
) => {
  const { paymentDetails } = opts;
  const tags = ['partner payment details'];

  app.get(
    '/api/partner/payment-details',
    {
      config: { access: PARTNER_PORTAL },
      schema: {
        tags,
        summary: 'Реквизиты для выплат и изменение, ожидающее подтверждения',
        response: { 200: PaymentDetailsResponseSchema },
      },
    },
    async (request) => paymentDetails.get(requirePartner(request)),
  );

  app.put(
    '/api/partner/payment-details',
    {
      config: { access: PARTNER_PORTAL },
      schema: {
        tags,
        summary: 'Новые реквизиты: применяются после перехода по ссылке из письма',
        body: PaymentDetailsRequestSchema,
        response: { 200: PaymentDetailsResponseSchema },
      },
    },
    async (request) => paymentDetails.requestChange(requirePartner(request), request.body),
  );

  // The token is the proof (it reached the partner's mailbox): no session needed to open the link.
  app.post(
    '/api/partner/payment-details/confirm',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'Подтверждение реквизитов по одноразовой ссылке из письма',
        body: PaymentDetailsConfirmRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await paymentDetails.confirm(request.body.token);
      return { success: true as const, message: PARTNER_MESSAGES.paymentDetailsConfirmed };
    },
  );
};
