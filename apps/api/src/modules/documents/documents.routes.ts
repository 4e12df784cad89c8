import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, OrderDocumentSchema, listResponse } from '@app/contracts';
import { SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { DocumentsService } from './documents.service.ts';

export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, opts) => {
  const tags = ['documents'];
  for (const kind of ['invoice', 'act'] as const) {
    app.post(
      `/api/user/orders/:id/generate-${kind}`,
      {
        config: { access: SIGNED_IN },
        schema: {
          tags,
          summary:
            kind === 'invoice'
              ? 'Сформировать счёт (PDF)'
              : 'Сформировать акт (PDF; только для выполненного заказа)',
          params: IdParamsSchema,
          response: { 200: OrderDocumentSchema },
        },
      },
      async (request) => opts.documents.generate(requireUser(request), request.params.id, kind),
    );
  }

  app.get(
    '/api/user/documents',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Мои счета и акты', response: { 200: listResponse(OrderDocumentSchema) } },
    },
    async (request) => {
      const items = await opts.documents.listMine(requireUser(request));
      return { items, total: items.length };
    },
  );

  app.get(
    '/api/user/documents/:id/download',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Скачать счёт или акт (PDF)', params: IdParamsSchema },
    },
    async (request, reply) => {
      const file = await opts.documents.open(requireUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.stream);
    },
  );
};
