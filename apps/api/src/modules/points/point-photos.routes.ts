import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeletePointPhotoQuerySchema,
  IdParamsSchema,
  MESSAGES,
  POINT_PHOTO_LIMITS,
  PointPhotoFileParamsSchema,
  PointSchema,
} from '@app/contracts';
import { AppError } from '../../lib/errors.ts';
import { ADMIN_ONLY, PUBLIC } from '../../plugins/auth.ts';
import type { PointPhotosService } from './point-photos.service.ts';

/** A stored photo never changes (a new upload gets a new name), so browsers and proxies may keep it. */
const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const pointPhotosRoutes: FastifyPluginAsyncZod<{ pointPhotos: PointPhotosService }> = async (
  app,
  opts,
) => {
  const { pointPhotos } = opts;
  const tags = ['partners and points'];

  app.post(
    '/api/point/photo/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Добавить фотографию пункта выдачи',
        description:
          'multipart/form-data с одним файлом (любое имя поля): JPG, PNG, WebP или HEIC до 10 МБ. ' +
          'Сохраняется WebP не больше 1600 px по длинной стороне, без метаданных; URL добавляется в `photos`.',
        params: IdParamsSchema,
        response: { 200: PointSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', MESSAGES.pointPhotoRequired);
      const file = await request.file({ limits: { fileSize: POINT_PHOTO_LIMITS.maxBytes, files: 1 } });
      return pointPhotos.add(request.params.id, file);
    },
  );

  app.delete(
    '/api/point/photo/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Удалить фотографию пункта выдачи',
        params: IdParamsSchema,
        querystring: DeletePointPhotoQuerySchema,
        response: { 200: PointSchema },
      },
    },
    async (request) => pointPhotos.remove(request.params.id, request.query.photo),
  );

  app.get(
    '/api/point/photos/:file',
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'Фотография пункта выдачи (WebP)', params: PointPhotoFileParamsSchema },
    },
    async (request, reply) => {
      const etag = `"${request.params.file}"`;
      if (request.headers['if-none-match'] === etag) {
        return reply.status(304).header('cache-control', PHOTO_CACHE_CONTROL).header('etag', etag).send();
      }
      const photo = await pointPhotos.read(request.params.file);
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(photo.length))
        .header('cache-control', PHOTO_CACHE_CONTROL)
        .header('etag', etag)
        .send(photo);
    },
  );
};
