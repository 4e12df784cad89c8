import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HolidayDateParamsSchema,
  HolidayListQuerySchema,
  HolidaySchema,
  SuccessResponseSchema,
  listResponse,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { HolidaysService } from './holidays.service.ts';

/** /crm/holidays: the non-working (and moved working) days of the ready-date estimate (ADMIN). */
export const holidaysRoutes: FastifyPluginAsyncZod<{ holidays: HolidaysService }> = async (app, opts) => {
  const tags = ['holidays (back office)'];
  const { holidays } = opts;

  app.get(
    '/api/holidays',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Праздники и переносы за год',
        querystring: HolidayListQuerySchema,
        response: { 200: listResponse(HolidaySchema) },
      },
    },
    async (request) => ({ items: await holidays.list(request.query.year) }),
  );
  app.post(
    '/api/holidays',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Добавить или изменить день (по дате)',
        body: HolidaySchema,
        response: { 200: HolidaySchema },
      },
    },
    async (request) => holidays.upsert(requireUser(request), request.body),
  );
  app.delete(
    '/api/holidays/:date',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Убрать день из календаря',
        params: HolidayDateParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await holidays.remove(requireUser(request), request.params.date);
      return { success: true as const };
    },
  );
};
