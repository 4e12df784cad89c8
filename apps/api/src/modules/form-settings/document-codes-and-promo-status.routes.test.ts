import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDocumentType, FormParamsResponse, PromoCode } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import { createTestContext, DEMO, type TestContext } from '#test/helpers.ts';

// Decision 048 (issue 17): one live document per code; a promo code's list row says whether it works now.
describe('document codes and promo code status (back office)', () => {
  let ctx: TestContext;
  let admin: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffAuth(...DEMO.admin);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const formDocuments = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/order/form-params' })).json<FormParamsResponse>()
      .documents;
  const document = (type: string, name: string) => ({
    type,
    name,
    price: 900,
    processingDays: 1,
    sortOrder: 9,
  });

  it('refuses a code taken by another live document, whatever its case and spaces, in Russian', async () => {
    const first = await call(
      'POST',
      '/api/form-settings/document',
      document('birth_cert_x', 'Свидетельство'),
    );
    expect(first.statusCode).toBe(201);
    for (const type of ['birth_cert_x', ' BIRTH_CERT_X ', 'Birth_Cert_X']) {
      const again = await call('POST', '/api/form-settings/document', document(type, 'Дубль'));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: MESSAGES.documentTypeCodeTaken,
        details: [{ path: 'type', message: MESSAGES.documentTypeCodeTaken }],
      });
    }
    const other = await call('POST', '/api/form-settings/document', document('marriage_x', 'Брак'));
    expect(other.statusCode).toBe(201);
    const renamed = await call('PUT', '/api/form-settings/document', {
      id: other.json<AdminDocumentType>().id,
      ...document('BIRTH_cert_x', 'Брак'),
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ message: MESSAGES.documentTypeCodeTaken });
    // Saving a document with its own code (another case) is not a duplicate.
    const own = await call('PUT', '/api/form-settings/document', {
      id: first.json<AdminDocumentType>().id,
      ...document('BIRTH_CERT_X', 'Свидетельство о рождении'),
    });
    expect(own.statusCode).toBe(200);

    const codes = (await formDocuments()).map((item) => item.type.toLowerCase());
    expect(codes.filter((code) => code === 'birth_cert_x')).toHaveLength(1);
    expect(codes.filter((code) => code === 'marriage_x')).toHaveLength(1);
  });

  it('a deleted document frees its code', async () => {
    const created = await call('POST', '/api/form-settings/document', document('apostille_x', 'Апостиль'));
    const id = created.json<AdminDocumentType>().id;
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: '/api/form-settings/document',
          headers: admin,
          payload: { id },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/form-settings/document', document('APOSTILLE_X', 'Апостиль'))).statusCode,
    ).toBe(201);
  });

  it('the migration keeps one live row per code (the form lists it first) and soft-deletes the rest', async () => {
    const migration = readFileSync(
      new URL('../../../drizzle/0030_staff_notes_document_codes.sql', import.meta.url),
      'utf8',
    );
    const statements = migration.split('--> statement-breakpoint');
    const createIndex = statements.find((statement) => statement.includes('CREATE UNIQUE INDEX'))!;
    const dedupe = statements.slice(
      statements.findIndex((statement) => statement.includes('trim("type")')),
      statements.indexOf(createIndex),
    );
    expect(dedupe).toHaveLength(2);
    // As before the index: duplicates with other case and spaces.
    await ctx.database.sql.executeSql('DROP INDEX "document_types_live_type_key"');
    await ctx.database.sql.executeSql(
      `insert into document_types (type, name, price, sort_order) values
         ('dup_code', 'Второй', 100, 2), (' DUP_code', 'Первый', 100, 1), ('Dup_Code', 'Третий', 100, 3)`,
    );
    for (const statement of [...dedupe, createIndex]) await ctx.database.sql.executeSql(statement);

    const live = await ctx.database.sql.executeSql(
      `select name, type from document_types where lower(type) = 'dup_code' and deleted_at is null`,
    );
    expect(live.rows).toEqual([{ name: 'Первый', type: 'DUP_code' }]);
    const kept = await ctx.database.sql.executeSql(
      `select count(*)::int as n from document_types where lower(type) = 'dup_code' and deleted_at is not null`,
    );
    expect(kept.rows).toEqual([{ n: 2 }]);
  });

  it('lists each promo code with its status now: active, off, not started, expired, used up', async () => {
    const day = 24 * 3600 * 1000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const codes = [
      { code: 'ST_ACTIVE', discountPercent: 5, validFrom: at(-day), validTo: at(day), maxUses: 10 },
      { code: 'ST_OFF', discountPercent: 5, isActive: false },
      { code: 'ST_LATER', discountPercent: 5, validFrom: at(2 * day) },
      { code: 'ST_EXPIRED', discountPercent: 5, validFrom: at(-3 * day), validTo: at(-day) },
      { code: 'ST_USED', discountPercent: 5, maxUses: 1 },
    ];
    for (const payload of codes)
      expect((await call('POST', '/api/form-settings/promocode', payload)).statusCode).toBe(201);
    await ctx.database.sql.executeSql(`update promo_codes set used_count = 1 where code = 'ST_USED'`);

    const items = (await call('GET', '/api/form-settings/promocode')).json<{ items: PromoCode[] }>().items;
    const status = Object.fromEntries(items.map((item) => [item.code, item.status]));
    expect(status).toMatchObject({
      ST_ACTIVE: 'ACTIVE',
      ST_OFF: 'DISABLED',
      ST_LATER: 'NOT_STARTED',
      ST_EXPIRED: 'EXPIRED',
      ST_USED: 'USED_UP',
    });
    // The order form agrees: only the active one is accepted.
    for (const { code } of codes) {
      const check = await ctx.app.inject({
        method: 'GET',
        url: `/api/form-settings/promocode/validate?code=${code}`,
      });
      expect(check.json<{ valid: boolean }>().valid).toBe(code === 'ST_ACTIVE');
    }
  });
});
