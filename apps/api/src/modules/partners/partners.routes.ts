import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePartnerRequestSchema,
  CreatePointRequestSchema,
  IdParamsSchema,
  PartnerSchema,
  PointSchema,
  PointStatusRequestSchema,
  SuccessResponseSchema,
  UpdatePartnerRequestSchema,
  UpdatePointRequestSchema,
  listResponse,
} from '@app/contracts';
import { ADMIN_ONLY, requireUser } from '../../plugins/auth.ts';
import type { PartnersService } from './partners.service.ts';

export const partnersRoutes: FastifyPluginAsyncZod<{ partners: PartnersService }> = async (app, opts) => {
  const { partners } = opts;
  const tags = ['partners and points'];
  const config = { access: ADMIN_ONLY };

  app.get(
    '/api/partner',
    { config, schema: { tags, summary: 'Партнёры', response: { 200: listResponse(PartnerSchema) } } },
    async () => {
      const items = await partners.listPartners();
      return { items, total: items.length };
    },
  );
  app.post(
    '/api/partner',
    {
      config,
      schema: {
        tags,
        summary: 'Создать партнёра',
        body: CreatePartnerRequestSchema,
        response: { 200: PartnerSchema },
      },
    },
    async (request) => partners.createPartner(requireUser(request), request.body),
  );
  app.put(
    '/api/partner',
    {
      config,
      schema: {
        tags,
        summary: 'Изменить партнёра',
        body: UpdatePartnerRequestSchema,
        response: { 200: PartnerSchema },
      },
    },
    async (request) => partners.updatePartner(requireUser(request), request.body),
  );

  app.get(
    '/api/point',
    { config, schema: { tags, summary: 'Все пункты выдачи', response: { 200: listResponse(PointSchema) } } },
    async () => {
      const items = await partners.listPoints();
      return { items, total: items.length };
    },
  );
  app.get(
    '/api/point/partner/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Пункты партнёра',
        params: IdParamsSchema,
        response: { 200: listResponse(PointSchema) },
      },
    },
    async (request) => {
      const items = await partners.listPoints(request.params.id);
      return { items, total: items.length };
    },
  );
  app.post(
    '/api/point',
    {
      config,
      schema: {
        tags,
        summary: 'Создать пункт выдачи',
        body: CreatePointRequestSchema,
        response: { 200: PointSchema },
      },
    },
    async (request) => partners.createPoint(request.body),
  );
  app.put(
    '/api/point',
    {
      config,
      schema: {
        tags,
        summary: 'Изменить пункт выдачи',
        body: UpdatePointRequestSchema,
        response: { 200: PointSchema },
      },
    },
    async (request) => {
      const { id, ...fields } = request.body;
      return partners.updatePoint(id, fields);
    },
  );
  app.patch(
    '/api/point/status',
    {
      config,
      schema: {
        tags,
        summary: 'Включить или выключить пункт',
        body: PointStatusRequestSchema,
        response: { 200: PointSchema },
      },
    },
    async (request) => partners.setPointActive(request.body.id, request.body.isActive),
  );
  app.delete(
    '/api/point',
    {
      config,
      schema: {
        tags,
        summary: 'Удалить пункт (если он не указан в заказах)',
        body: z.object({ id: z.uuid() }),
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await partners.deletePoint(request.body.id);
      return { success: true as const };
    },
  );
};
