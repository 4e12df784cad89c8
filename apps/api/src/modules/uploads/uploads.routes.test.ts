import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestContext, type TestContext } from '#test/helpers.ts';
import { docxFile } from '#test/office-files.ts';
import { renderPdf } from '../../providers/pdf.ts';
import { SCHEDULES } from '../../jobs/schedules.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(500, 1),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 0)]);

/** A zip of stored (uncompressed) entries: local headers, the central directory and its end record. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX = zip({
  '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
  '_rels/.rels': '<Relationships/>',
  'word/document.xml': '<w:document/>',
});
const RENAMED_ZIP = zip({ 'payload/readme.txt': 'not a Word document', 'run.js': 'alert(1)' });

function multipart(
  files: Array<{ name: string; type: string; content: Buffer; field?: string }>,
  fields: Record<string, string> = {},
) {
  const boundary = `----test${Date.now()}`;
  const plain = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...plain, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
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

  it('refuses an empty file as empty (not as a wrong type) and stores nothing', async () => {
    const before = await countUploads();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...multipart([{ name: 'скан.pdf', type: 'application/pdf', content: Buffer.alloc(0) }]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.fileEmpty });
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

  type Uploaded = { id: string; name: string; token: string; quote: unknown };
  const upload = async (
    files: Array<{ name: string; type: string; content: Buffer }>,
    headers: Record<string, string> = {},
  ) => {
    const form = multipart(files);
    const response = await ctx.app.inject({
      method: 'POST',
      url: headers.authorization ? '/api/upload' : '/api/upload/public',
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: Uploaded[] }>().items;
  };
  const orderWith = async (
    files: string[],
    fileTokens: Record<string, string> = {},
    headers: Record<string, string> = {},
    email = 'files@example.ru',
  ) => {
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    return ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers,
      payload: {
        name: 'Анна',
        phoneNumber: '+79160000000',
        email,
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        files,
        fileTokens,
      },
    });
  };

  it('attaches an uploaded file to one order only', async () => {
    const [file] = await upload([{ name: 'diploma.pdf', type: 'application/pdf', content: PDF }]);
    const first = await orderWith([file!.id], { [file!.id]: file!.token });
    expect(first.statusCode).toBe(201);
    const second = await orderWith([file!.id], { [file!.id]: file!.token });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ message: MESSAGES.unknownFile });
  });

  it('a guest upload is attached only with the token its upload answered', async () => {
    const [file] = await upload([{ name: 'passport.pdf', type: 'application/pdf', content: PDF }]);
    expect(file!.token).toMatch(/^[\w-]{32}$/);
    const stored = await ctx.database.sql.executeSql('select token_hash from uploads where id = $1', [
      file!.id,
    ]);
    expect((stored.rows[0] as { token_hash: string }).token_hash).not.toContain(file!.token);

    // Someone who learnt the id: no token, a wrong token, or signed in as somebody else.
    const stranger = await ctx.customerAuth('stranger-files@example.ru');
    for (const attempt of [
      await orderWith([file!.id]),
      await orderWith([file!.id], { [file!.id]: 'x'.repeat(32) }),
      await orderWith([file!.id], {}, { authorization: stranger.authorization }),
    ]) {
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json()).toMatchObject({ message: MESSAGES.unknownFile });
    }
    const owner = await orderWith([file!.id], { [file!.id]: file!.token });
    expect(owner.statusCode).toBe(201);
  });

  it("a signed-in customer's upload is bound to them", async () => {
    const customer = await ctx.customerAuth('cabinet-files@example.ru');
    const [file] = await upload([{ name: 'scan.png', type: 'image/png', content: PNG }], {
      authorization: customer.authorization,
    });
    const guest = await orderWith([file!.id]);
    expect(guest.statusCode).toBe(400);
    const mine = await orderWith([file!.id], {}, { authorization: customer.authorization });
    expect(mine.statusCode).toBe(201);
  });

  it('strips bidi controls from file names', async () => {
    const [file] = await upload([
      { name: 'счёт\u202Egpj.\u2066exe\u2069\u200E.pdf', type: 'application/pdf', content: PDF },
    ]);
    expect(file!.name).toBe('счётgpj.exe.pdf');
    const stored = await ctx.database.sql.executeSql('select original_name from uploads where id = $1', [
      file!.id,
    ]);
    expect(stored.rows).toEqual([{ original_name: 'счётgpj.exe.pdf' }]);
  });

  it('accepts files only in the field "files"', async () => {
    const before = await countUploads();
    const otherField = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...multipart([
        { name: 'ok.pdf', type: 'application/pdf', content: PDF },
        { name: 'other.pdf', type: 'application/pdf', content: PDF, field: 'attachment' },
      ]),
    });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json()).toMatchObject({ message: MESSAGES.fileFieldNotAllowed });
    const plainField = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/public',
      ...multipart([{ name: 'ok.pdf', type: 'application/pdf', content: PDF }], { orderId: 'x' }),
    });
    expect(plainField.statusCode).toBe(400);
    expect(plainField.json()).toMatchObject({ message: MESSAGES.fileFieldNotAllowed });
    expect(await countUploads()).toEqual(before);
  });

  it('answers the instant quote of every file: pages, characters, or uncounted (decision 039)', async () => {
    const pdf = await renderPdf({
      content: [
        { text: 'Паспорт' },
        { text: 'Страница 2', pageBreak: 'before' },
        { text: '3', pageBreak: 'before' },
      ],
    });
    const docx = docxFile(['б'.repeat(5400)], { pages: 2 });
    const files = await upload([
      { name: 'passport.pdf', type: 'application/pdf', content: pdf },
      {
        name: 'letter.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        content: docx,
      },
      { name: 'photo.png', type: 'image/png', content: PNG },
      { name: 'broken.pdf', type: 'application/pdf', content: PDF },
    ]);
    expect(files.map((file) => [file.name, file.quote])).toEqual([
      ['passport.pdf', { status: 'counted', pages: 3, characters: null }],
      ['letter.docx', { status: 'counted', pages: 2, characters: 5400 }],
      ['photo.png', { status: 'counted', pages: 1, characters: null }],
      ['broken.pdf', { status: 'uncounted' }],
    ]);
    const stored = await ctx.database.sql.executeSql(
      'select page_count, character_count from uploads where id = $1',
      [files[1]!.id],
    );
    expect(stored.rows).toEqual([{ page_count: 2, character_count: 5400 }]);
  });

  it('accepts a real .docx and refuses a renamed zip and polyglots', async () => {
    const [docx] = await upload([
      {
        name: 'contract.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        content: DOCX,
      },
    ]);
    expect(docx!.name).toBe('contract.docx');
    const before = await countUploads();
    for (const [name, type, content] of [
      [
        'archive.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        RENAMED_ZIP,
      ],
      // A PDF (or an image) that is also a zip: its tail holds a zip directory.
      ['invoice.pdf', 'application/pdf', Buffer.concat([PDF, RENAMED_ZIP])],
      ['photo.png', 'image/png', Buffer.concat([PNG, RENAMED_ZIP])],
      // Starts like a PDF but is not one.
      ['cut.pdf', 'application/pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 0x20)])],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/public',
        ...multipart([{ name, type, content }]),
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.fileTypeNotAllowed });
    }
    expect(await countUploads()).toEqual(before);
  });
});

describe('files never attached to an order', () => {
  let ctx: TestContext;
  let now = new Date('2031-03-10T09:00:00Z');
  beforeAll(async () => {
    ctx = await createTestContext({ clock: { now: () => now } });
  });
  afterAll(() => ctx.close());

  it('are removed after a day by the scheduled job, with their stored files', async () => {
    expect(SCHEDULES.map((schedule) => schedule.name)).toContain('remove-unattached-uploads');
    const send = async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/public',
        ...multipart([{ name: 'scan.pdf', type: 'application/pdf', content: PDF }]),
      });
      return response.json<{ items: Array<{ id: string; token: string }> }>().items[0]!;
    };
    const stale = await send();
    const attached = await send();
    const params = (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<{
      documents: Array<{ id: string }>;
      deliveries: Array<{ id: string; type: string }>;
    }>();
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: {
        name: 'Анна',
        phoneNumber: '+79160000000',
        email: 'kept@example.ru',
        documentsWithQuantity: [{ documentId: params.documents[0]!.id, quantity: 1 }],
        originalLanguage: 'ru',
        targetLanguage: 'en',
        deliveryId: params.deliveries.find((d) => d.type === 'ELECTRONIC')!.id,
        files: [attached.id],
        fileTokens: { [attached.id]: attached.token },
      },
    });
    expect(order.statusCode).toBe(201);
    const storedPath = async (id: string) => {
      const rows = await ctx.database.sql.executeSql('select stored_name from uploads where id = $1', [id]);
      const name = (rows.rows[0] as { stored_name: string } | undefined)?.stored_name;
      return name ? path.join(ctx.config.uploadDir, name.slice(0, 2), name) : null;
    };
    const stalePath = (await storedPath(stale.id))!;
    expect(existsSync(stalePath)).toBe(true);

    now = new Date(now.getTime() + 23 * 3600 * 1000);
    const fresh = await send();
    expect(await ctx.services.uploads.removeUnattached()).toMatchObject({ removed: 0 });

    now = new Date(now.getTime() + 2 * 3600 * 1000);
    expect(await ctx.services.uploads.removeUnattached()).toMatchObject({ removed: 1 });
    expect(await storedPath(stale.id)).toBeNull();
    expect(existsSync(stalePath)).toBe(false);
    expect(await storedPath(attached.id)).not.toBeNull();
    expect(await storedPath(fresh.id)).not.toBeNull();
  });
});
