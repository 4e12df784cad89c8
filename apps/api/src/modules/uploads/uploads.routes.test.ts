import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(500, 1),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 0)]);

function multipart(files: Array<{ name: string; type: string; content: Buffer }>) {
  const boundary = `----test${Date.now()}`;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('uploads', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const countUploads = async () =>
    (await ctx.database.sql.executeSql('select count(*)::int as n from uploads', [])).rows[0] as {
      n: number;
    };

  it('stores documents and images under generated names and answers their ids', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...multipart([
        { name: 'паспорт скан.pdf', type: 'application/pdf', content: PDF },
        { name: 'photo.PNG', type: 'image/png', content: PNG },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const items = response.json<{
      items: Array<{ id: string; name: string; size: number; mimeType: string }>;
    }>().items;
    expect(items.map((item) => [item.name, item.size, item.mimeType])).toEqual([
      ['паспорт скан.pdf', PDF.length, 'application/pdf'],
      ['photo.PNG', PNG.length, 'image/png'],
    ]);
    const stored = await ctx.database.sql.executeSql('select stored_name from uploads where id = $1', [
      items[0]!.id,
    ]);
    expect((stored.rows[0] as { stored_name: string }).stored_name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
  });

  it.each([
    ['an executable', 'setup.exe', 'application/octet-stream', EXE],
    ['an executable renamed to .pdf', 'invoice.pdf', 'application/pdf', EXE],
    ['a script', 'hack.html', 'text/html', Buffer.from('<script>alert(1)</script>')],
  ])('refuses %s and stores nothing', async (_label, name, type, content) => {
    const before = await countUploads();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...multipart([
        { name: 'ok.pdf', type: 'application/pdf', content: PDF },
        { name, type, content },
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.fileTypeNotAllowed });
    expect(await countUploads()).toEqual(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...multipart([{ name: 'big.pdf', type: 'application/pdf', content: big }]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: MESSAGES.fileTooLarge });
  });

  it('refuses a request that is not multipart', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      payload: { files: [] },
    });
    expect(response.statusCode).toBe(400);
  });

  it('attaches an uploaded file to one order only', async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...multipart([{ name: 'diploma.pdf', type: 'application/pdf', content: PDF }]),
    });
    const fileId = upload.json<{ items: Array<{ id: string }> }>().items[0]!.id;
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const payload = {
      name: 'Анна',
      phoneNumber: '+79160000000',
      email: 'files@example.ru',
      documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
      originalLanguage: 'ru',
      targetLanguage: 'en',
      deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
      files: [fileId],
    };
    const first = await ctx.app.inject({ method: 'POST', url: '/api/order', payload });
    expect(first.statusCode).toBe(201);
    const second = await ctx.app.inject({ method: 'POST', url: '/api/order', payload });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ message: MESSAGES.unknownFile });
  });
});
