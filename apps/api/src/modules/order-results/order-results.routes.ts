import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  MESSAGES,
  ORDER_LIMITS,
  OrderResultListResponseSchema,
  OrderResultParamsSchema,
  SendOrderResultsResponseSchema,
  SuccessResponseSchema,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { SIGNED_IN, STAFF, requireUser } from '../../plugins/auth.ts';
import type { IncomingPart } from '../uploads/uploads.service.ts';
import type { OrderResultsService } from './order-results.service.ts';

const multipartLimits = {
  fileSize: ORDER_LIMITS.maxFileBytes,
  files: ORDER_LIMITS.maxFiles,
  fields: 10,
  parts: 30,
};

/**
 * The finished work of an order (decision 038): ADMIN and MANAGER attach, remove and send; the order's owner
 * (and staff) list and download. Registered in the multipart scope (decision 031).
 */
export const orderResultsRoutes: FastifyPluginAsyncZod<{ results: OrderResultsService }> = async (
  app,
  opts,
) => {
  const tags = ['order results'];
  const { results } = opts;

  app.get(
    '/api/order/:id/results',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Готовые файлы заказа (клиенту — отправленные ему, сотруднику — все)',
        params: IdParamsSchema,
        response: { 200: OrderResultListResponseSchema },
      },
    },
    async (request) => results.list(requireUser(request), request.params.id),
  );

  app.post(
    '/api/order/:id/results',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Прикрепить готовые файлы (multipart, поле `files`; правила загрузки как у заказа)',
        params: IdParamsSchema,
        response: { 201: OrderResultListResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MESSAGES.noFiles);
      const parts = request.parts({ limits: multipartLimits }) as AsyncIterable<IncomingPart>;
      const answer = await results.attach(requireUser(request), request.params.id, parts);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/order/:id/results/send',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Отправить клиенту: письмо и push; электронный заказ становится выполненным',
        params: IdParamsSchema,
        response: { 200: SendOrderResultsResponseSchema },
      },
    },
    async (request) => results.send(requireUser(request), request.params.id),
  );

  app.delete(
    '/api/order/:id/results/:resultId',
    {
      config: { access: STAFF },
      schema: {
        tags,
        summary: 'Удалить ошибочно прикреплённый файл (пока он не отправлен клиенту)',
        params: OrderResultParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (request) => {
      await results.remove(requireUser(request), request.params.id, request.params.resultId);
      return { success: true as const };
    },
  );

  app.get(
    '/api/order/:id/results/:resultId',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Скачать готовый файл заказа', params: OrderResultParamsSchema },
    },
    async (request, reply) => {
      const file = await results.open(requireUser(request), request.params.id, request.params.resultId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.stream);
    },
  );
};
