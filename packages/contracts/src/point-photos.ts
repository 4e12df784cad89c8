import { z } from './zod.ts';
import { MESSAGES } from './messages.ts';

/** Pickup point photos (POST /api/point/photo/{id}): what is accepted and what is stored. */
export const POINT_PHOTO_LIMITS = {
  /** Upload size of one photo (a phone camera JPEG or HEIC fits with room). */
  maxBytes: 10 * 1024 * 1024,
  maxPerPoint: 10,
  /** The stored copy is resized to fit this square (never enlarged). */
  maxSide: 1600,
} as const;

/** Accepted by the upload form; the server checks the content, not these. */
export const POINT_PHOTO_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** Every entry of `Point.photos` is a public URL of this shape (served by GET /api/point/photos/{file}). */
export const POINT_PHOTO_URL_PREFIX = '/api/point/photos/';
const photoFileName = /^[0-9a-f-]{36}\.webp$/;

export const PointPhotoFileParamsSchema = z.object({
  file: z.string().regex(photoFileName, { message: MESSAGES.pointPhotoNotFound }),
});

/** DELETE /api/point/photo/{id}?photo=<an entry of Point.photos>. */
export const DeletePointPhotoQuerySchema = z.object({
  photo: z
    .string({ message: MESSAGES.pointPhotoNotFound })
    .refine(
      (value) =>
        value.startsWith(POINT_PHOTO_URL_PREFIX) &&
        photoFileName.test(value.slice(POINT_PHOTO_URL_PREFIX.length)),
      { message: MESSAGES.pointPhotoNotFound },
    ),
});
export type DeletePointPhotoQuery = z.infer<typeof DeletePointPhotoQuerySchema>;
