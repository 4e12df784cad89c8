import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateOrderNoteRequestSchema,
  IdParamsSchema,
  OrderNoteListResponseSchema,
  OrderNoteParamsSchema,
  OrderNoteSchema,
  SuccessResponseSchema,
} from '@app/contracts';
import { STAFF, requireUser } from '#src/plugins/auth.ts';
import type { OrderNotesService } from './order-notes.service.ts';

/** Internal notes on an order: ADMIN and MANAGER only (customers and partners get 403). */
export const orderNotesRoutes: FastifyPluginAsyncZod<{ notes: OrderNotesService }> = async (app, opts) => {
  const tags = ['orders (back office)'];
  const { notes } = opts;

  app.get(
    '/api/order/:id/notes',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Внутренние заметки по заказу (новые сначала)',
        params: IdParamsSchema,
        response: { 200: OrderNoteListResponseSchema },
      },
    },
    async (request) => notes.list(requireUser(request), request.params.id),
  );

  app.post(
    '/api/order/:id/notes',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Добавить внутреннюю заметку (1–2000 символов)',
        params: IdParamsSchema,
        body: CreateOrderNoteRequestSchema,
        response: { 201: OrderNoteSchema },
      },
    },
    async (request, reply) => {
      const note = await notes.add(requireUser(request), request.params.id, request.body);
      return reply.status(201).send(note);
    },
  );

  app.delete(
    '/api/order/:id/notes/:noteId',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Удалить заметку (свою; ADMIN — любую)',
        params: OrderNoteParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await notes.remove(requireUser(request), request.params.id, request.params.noteId);
      return { success: true as const };
    },
  );
};
