import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerCardSchema, CustomerParamsSchema } from '@app/contracts';
import { STAFF } from '#src/plugins/auth.ts';
import type { CustomersService } from './customers.service.ts';

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (app, opts) => {
  app.get(
    '/api/customer/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: ['customers'],
        summary: 'Карточка клиента: контакты, организации, заказы, итоги',
        params: CustomerParamsSchema,
        response: { 200: CustomerCardSchema },
      },
    },
    async (request) => opts.customers.getCard(request.params.id),
  );
};
