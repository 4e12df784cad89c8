import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '@app/contracts';
import { MESSAGES, POINT_PHOTO_LIMITS, POINT_PHOTO_URL_PREFIX } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

function multipart(file: { name: string; type: string; content: Buffer }) {
  const boundary = `----photo${Date.now()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

describe('pickup point photos', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
    manager = await ctx.staffAuth(...DEMO.manager);
  });
  afterAll(() => ctx.close());

  const createPoint = async (name: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/point',
      headers: admin,
      payload: { name, address: 'Москва, ул. Тверская, 1', lat: 55.757, lon: 37.613 },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Point>();
  };
  const upload = (
    pointId: string,
    file: { name: string; type: string; content: Buffer },
    headers = admin,
  ) => {
    const body = multipart(file);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/point/photo/${pointId}`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const storedPath = (url: string) => {
    const name = url.slice(POINT_PHOTO_URL_PREFIX.length);
    return path.join(ctx.config.uploadDir, name.slice(0, 2), name);
  };

  it('stores a rotated, resized WebP without metadata and serves it publicly with long caching', async () => {
    const point = await createPoint('ПВЗ с фото');
    // A camera JPEG: 3000×2000 pixels stored sideways (EXIF orientation 6) with a copyright tag.
    const jpeg = await solid(3000, 2000)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'Partner Ltd' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);

    const response = await upload(point.id, { name: 'IMG_0001.JPG', type: 'image/jpeg', content: jpeg });
    expect(response.statusCode).toBe(200);
    const updated = response.json<Point>();
    expect(updated.photos).toHaveLength(1);
    const url = updated.photos[0]!;
    expect(url).toMatch(/^\/api\/point\/photos\/[0-9a-f-]{36}\.webp$/);

    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    // Upright (portrait) and fitted into 1600 px.
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1067, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // The public point answer lists the same URL.
    const publicPoint = await ctx.app.inject({ method: 'GET', url: `/api/point/${point.id}` });
    expect(publicPoint.json<Point>().photos).toEqual([url]);
  });

  it('never enlarges a small picture and accepts PNG and AVIF/HEIF that the decoder reads', async () => {
    const point = await createPoint('ПВЗ маленькие фото');
    const png = await solid(320, 200).png().toBuffer();
    const first = await upload(point.id, { name: 'vhod.png', type: 'image/png', content: png });
    expect(first.statusCode).toBe(200);
    const avif = await solid(400, 300).avif().toBuffer();
    const second = await upload(point.id, { name: 'vitrina.heic', type: 'image/heic', content: avif });
    expect(second.statusCode).toBe(200);
    const photos = second.json<Point>().photos;
    expect(photos).toHaveLength(2);
    const sizes = await Promise.all(
      photos.map(async (url) => {
        const meta = await sharp((await ctx.app.inject({ method: 'GET', url })).rawPayload).metadata();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [320, 200],
      [400, 300],
    ]);
  });

  it('refuses what is not a readable photo, too large a file and unknown points', async () => {
    const point = await createPoint('ПВЗ отказы');
    const cases: Array<[{ name: string; type: string; content: Buffer }, number, string]> = [
      [
        { name: 'photo.jpg', type: 'image/jpeg', content: Buffer.from('%PDF-1.7\n1 0 obj\n') },
        400,
        MESSAGES.pointPhotoNotImage,
      ],
      [
        {
          name: 'logo.svg',
          type: 'image/svg+xml',
          content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        },
        400,
        MESSAGES.pointPhotoNotImage,
      ],
      [
        {
          name: 'broken.jpg',
          type: 'image/jpeg',
          content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
        },
        400,
        MESSAGES.pointPhotoUnreadable,
      ],
      [
        {
          name: 'iphone.heic',
          type: 'image/heic',
          content: Buffer.concat([
            Buffer.from([0, 0, 0, 24]),
            Buffer.from('ftypheic'),
            Buffer.alloc(3000, 3),
          ]),
        },
        400,
        MESSAGES.pointPhotoUnreadable,
      ],
      [
        {
          name: 'huge.jpg',
          type: 'image/jpeg',
          content: Buffer.concat([
            Buffer.from([0xff, 0xd8, 0xff]),
            Buffer.alloc(POINT_PHOTO_LIMITS.maxBytes, 1),
          ]),
        },
        413,
        MESSAGES.pointPhotoTooLarge,
      ],
    ];
    for (const [file, status, message] of cases) {
      const response = await upload(point.id, file);
      expect([file.name, response.statusCode]).toEqual([file.name, status]);
      expect(response.json()).toMatchObject({ message });
    }
    const png = await solid(50, 50).png().toBuffer();
    const unknown = await upload('00000000-0000-4000-8000-000000000000', {
      name: 'a.png',
      type: 'image/png',
      content: png,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MESSAGES.unknownPoint });
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: `/api/point/photo/${point.id}`,
      headers: admin,
      payload: { photo: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toMatchObject({ message: MESSAGES.pointPhotoRequired });
    const byManager = await upload(point.id, { name: 'a.png', type: 'image/png', content: png }, manager);
    expect(byManager.statusCode).toBe(403);

    const after = await ctx.app.inject({ method: 'GET', url: `/api/point/${point.id}` });
    expect(after.json<Point>().photos).toEqual([]);
  });

  it(`keeps at most ${POINT_PHOTO_LIMITS.maxPerPoint} photos per point`, async () => {
    const point = await createPoint('ПВЗ альбом');
    const png = await solid(40, 30).png().toBuffer();
    for (let i = 0; i < POINT_PHOTO_LIMITS.maxPerPoint; i += 1) {
      const response = await upload(point.id, { name: `${i}.png`, type: 'image/png', content: png });
      expect(response.statusCode).toBe(200);
    }
    const over = await upload(point.id, { name: 'more.png', type: 'image/png', content: png });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: MESSAGES.pointPhotoLimit });
  });

  it('removes a photo (its URL stops working) and a deleted point takes its files along', async () => {
    const point = await createPoint('ПВЗ удаление');
    const png = await solid(60, 40).png().toBuffer();
    await upload(point.id, { name: 'a.png', type: 'image/png', content: png });
    const [first, second] = (
      await upload(point.id, { name: 'b.png', type: 'image/png', content: png })
    ).json<Point>().photos;
    expect(existsSync(storedPath(first!))).toBe(true);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/point/photo/${point.id}?photo=${encodeURIComponent(first!)}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Point>().photos).toEqual([second]);
    expect(existsSync(storedPath(first!))).toBe(false);
    const gone = await ctx.app.inject({ method: 'GET', url: first! });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: MESSAGES.pointPhotoNotFound });

    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/point/photo/${point.id}?photo=${encodeURIComponent(first!)}`,
      headers: admin,
    });
    expect(twice.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/point/photo/${point.id}?photo=${encodeURIComponent('/etc/passwd')}`,
      headers: admin,
    });
    expect(malformed.statusCode).toBe(400);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/point',
      headers: admin,
      payload: { id: point.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(storedPath(second!))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: second! })).statusCode).toBe(404);
  });

  it('serves only files that a point lists (never a customer upload)', async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...(() => {
        const boundary = '----customer';
        return {
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="passport.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        };
      })(),
    });
    expect(upload.statusCode).toBe(200);
    const rows = await ctx.database.sql.executeSql('select stored_name from uploads', []);
    for (const row of rows.rows as Array<{ stored_name: string }>) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${POINT_PHOTO_URL_PREFIX}${row.stored_name}`,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const unlisted = await ctx.app.inject({
      method: 'GET',
      url: `${POINT_PHOTO_URL_PREFIX}00000000-0000-4000-8000-000000000000.webp`,
    });
    expect(unlisted.statusCode).toBe(404);
  });
});
