import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, ORDER_LIMITS, UploadResponseSchema } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { PUBLIC, SIGNED_IN, requireUser } from '../../plugins/auth.ts';
import type { IncomingPart, UploadsService } from './uploads.service.ts';

const multipartLimits = {
  fileSize: ORDER_LIMITS.maxFileBytes,
  files: ORDER_LIMITS.maxFiles,
  fields: 10,
  parts: 30,
};

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, opts) => {
  const tags = ['uploads'];
  const description =
    'multipart/form-data, поле `files` (один или несколько файлов): PDF, JPG, PNG, HEIC, DOC, DOCX, RTF, ODT, TIFF; ' +
    'до 20 МБ файл, до 60 МБ за запрос.';

  const handler =
    (owner: (request: Parameters<typeof requireUser>[0]) => string | null) =>
    async (request: Parameters<typeof requireUser>[0]) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MESSAGES.noFiles);
      // parts(), not files(): a plain field or a file under another name is refused, not silently skipped.
      const parts = request.parts({ limits: multipartLimits });
      const items = await opts.uploads.saveAll(parts as AsyncIterable<IncomingPart>, owner(request));
      return { items };
    };

  app.post(
    '/api/upload/public',
    {
      config: { access: PUBLIC, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Загрузка файлов со страниц заказа',
        description,
        response: { 200: UploadResponseSchema },
      },
    },
    handler(() => null),
  );

  app.post(
    '/api/upload',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'Загрузка файлов в личном кабинете',
        description,
        response: { 200: UploadResponseSchema },
      },
    },
    handler((request) => requireUser(request).userId),
  );
};
