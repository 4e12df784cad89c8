import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, PointSchema, listResponse } from '@app/contracts';
import { PUBLIC } from '../../plugins/auth.ts';
import type { PointsService } from './points.service.ts';

export const pointsRoutes: FastifyPluginAsyncZod<{ points: PointsService }> = async (app, opts) => {
  const tags = ['points'];
  app.get(
    '/api/point/active',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'Активные пункты выдачи', response: { 200: listResponse(PointSchema) } },
    },
    async () => {
      const items = await opts.points.listActive();
      return { items, total: items.length };
    },
  );
  app.get(
    '/api/point/:id',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'Пункт выдачи', params: IdParamsSchema, response: { 200: PointSchema } },
    },
    async (request) => opts.points.getActive(request.params.id),
  );
};
