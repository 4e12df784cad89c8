import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Point } from '@app/contracts';
import { MESSAGES, POINT_PHOTO_LIMITS, POINT_PHOTO_URL_PREFIX } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { points } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../providers/storage.ts';
import { toPoint } from './points.mapper.ts';
import type { PointsRepository } from './points.repository.ts';

export type PointPhotosService = ReturnType<typeof createPointPhotosService>;

/** One multipart file part, as @fastify/multipart hands it over (only what we use). */
export type IncomingPhoto = { toBuffer(): Promise<Buffer> };

/** A photo of 100 megapixels is far beyond any camera a partner uses; bigger is a decompression bomb. */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_QUALITY = 82;
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'heif';

/**
 * The format by magic bytes. Only these reach the decoder: sharp also reads SVG, TIFF, GIF and more, which a
 * photo upload has no business sending (SVG would be rendered by librsvg, a needless attack surface).
 */
export function sniffImageFormat(head: Buffer): SniffedFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  if (
    head.subarray(4, 8).toString('latin1') === 'ftyp' &&
    HEIF_BRANDS.has(head.subarray(8, 12).toString('latin1'))
  ) {
    return 'heif';
  }
  return null;
}

const fileNameOf = (url: string) => url.slice(POINT_PHOTO_URL_PREFIX.length);

/**
 * Pickup point photos: decoded and re-encoded (never stored as uploaded), so what we serve is always a clean
 * WebP: EXIF orientation applied, metadata (GPS, camera) dropped, longest side at most 1600 px.
 */
export function createPointPhotosService(deps: {
  db: Db;
  repo: PointsRepository;
  storage: FileStorage;
  clock: Clock;
}) {
  const { db, repo, storage, clock } = deps;

  async function readUpload(file: IncomingPhoto | undefined): Promise<Buffer> {
    if (!file) throw new AppError('BAD_REQUEST', MESSAGES.pointPhotoRequired);
    try {
      return await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.pointPhotoTooLarge);
      }
      throw error;
    }
  }

  async function resize(input: Buffer): Promise<Buffer> {
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({
          width: POINT_PHOTO_LIMITS.maxSide,
          height: POINT_PHOTO_LIMITS.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
    } catch {
      // Truncated or corrupt files, HEIC with a codec this build cannot decode, absurd dimensions.
      throw new AppError('BAD_REQUEST', MESSAGES.pointPhotoUnreadable);
    }
  }

  async function findPoint(pointId: string) {
    const [row] = await db
      .select({ id: points.id, count: sql<number>`cardinality(${points.photos})` })
      .from(points)
      .where(eq(points.id, pointId));
    if (!row) throw notFound(MESSAGES.unknownPoint);
    return { id: row.id, count: Number(row.count) };
  }

  return {
    /** Appends one photo to the point; the photo list order is the display order (the first is the cover). */
    async add(pointId: string, file: IncomingPhoto | undefined): Promise<Point> {
      const input = await readUpload(file);
      if (input.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.pointPhotoRequired);
      if (!sniffImageFormat(input.subarray(0, 16)))
        throw new AppError('BAD_REQUEST', MESSAGES.pointPhotoNotImage);
      const point = await findPoint(pointId);
      if (point.count >= POINT_PHOTO_LIMITS.maxPerPoint)
        throw new AppError('CONFLICT', MESSAGES.pointPhotoLimit);

      const output = await resize(input);
      const { storedName } = await storage.save(Readable.from(output), 'webp');
      // The limit is re-checked in the same statement: two uploads at once cannot pass it together.
      const row = await repo.appendPhotoBelowLimit(
        db,
        pointId,
        storedName,
        POINT_PHOTO_LIMITS.maxPerPoint,
        clock.now(),
      );
      if (!row) {
        await storage.remove(storedName);
        await findPoint(pointId);
        throw new AppError('CONFLICT', MESSAGES.pointPhotoLimit);
      }
      return toPoint(row);
    },

    /** `photo` is an entry of `Point.photos` (its public URL). The file goes with it. */
    async remove(pointId: string, photo: string): Promise<Point> {
      await findPoint(pointId);
      const fileName = fileNameOf(photo);
      const row = await repo.removePhoto(db, pointId, fileName, clock.now());
      if (!row) throw notFound(MESSAGES.pointPhotoNotFound);
      await storage.remove(fileName);
      return toPoint(row);
    },

    /**
     * A stored photo for the public GET. Only names some point lists are served: customers' private uploads
     * live in the same storage under the same kind of names.
     */
    async read(fileName: string): Promise<Buffer> {
      const [listed] = await db
        .select({ id: points.id })
        .from(points)
        .where(sql`${fileName} = any(${points.photos})`)
        .limit(1);
      if (!listed) throw notFound(MESSAGES.pointPhotoNotFound);
      // Read whole (a few hundred KB at most) so a missing file is a 404, not a response cut short.
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of storage.open(fileName)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      } catch {
        throw notFound(MESSAGES.pointPhotoNotFound);
      }
    },

    /** Files of a deleted point. */
    async discardFiles(fileNames: readonly string[]): Promise<void> {
      await Promise.all(fileNames.map((name) => storage.remove(name)));
    },
  };
}
