import { z } from './zod.ts';
import { EmailSchema } from './common.ts';
import { MESSAGES } from './messages.ts';
import { multiline } from './text.ts';

// Module points: pickup points, their back office and photos.

export const PointSchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  schedule: z.string().nullable(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  partnerId: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photos: z.array(z.string()),
  isActive: z.boolean(),
  type: z.string(),
  metro: z.string().nullable(),
  metroColor: z.string().nullable(),
});
export type Point = z.infer<typeof PointSchema>;

const coordinate = (min: number, max: number, message: string) =>
  z.number({ message: MESSAGES.coordinatesInvalid }).min(min, { message }).max(max, { message });
const pointFields = {
  code: z.string().trim().max(50).nullable().optional(),
  name: z.string({ message: MESSAGES.required }).trim().min(1, { message: MESSAGES.required }).max(200),
  schedule: z.string().trim().max(300).nullable().optional(),
  address: z.string({ message: MESSAGES.required }).trim().min(1, { message: MESSAGES.required }).max(500),
  lat: coordinate(-90, 90, MESSAGES.latitudeInvalid),
  lon: coordinate(-180, 180, MESSAGES.longitudeInvalid),
  partnerId: z.uuid().nullable().optional(),
  description: multiline(z.string().trim().max(2000)).nullable().optional(),
  email: EmailSchema.nullable().optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  isActive: z.boolean().optional(),
  type: z.string().trim().max(50).optional(),
  metro: z.string().trim().max(100).nullable().optional(),
  metroColor: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, { message: MESSAGES.colorInvalid })
    .nullable()
    .optional(),
};
export const CreatePointRequestSchema = z.object(pointFields);
export const UpdatePointRequestSchema = z.object({ id: z.uuid(), ...pointFields });
export const PointStatusRequestSchema = z.object({ id: z.uuid(), isActive: z.boolean() });
export type CreatePointRequest = z.infer<typeof CreatePointRequestSchema>;
export type UpdatePointRequest = z.infer<typeof UpdatePointRequestSchema>;
export type PointStatusRequest = z.infer<typeof PointStatusRequestSchema>;

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
