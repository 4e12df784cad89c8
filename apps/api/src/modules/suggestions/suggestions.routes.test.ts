import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { startFakeDadata } from '#test/fakes/dadata.ts';
import { createTestContext, type TestContext } from '#test/helpers.ts';

const KEY = 'dadata-test-key';
const PARTIES = [
  { inn: '7707083893', kpp: '773601001', name: 'ПАО СБЕРБАНК', address: 'г Москва, ул Вавилова, д 19' },
  { inn: '500100732259', name: 'ИП Иванов Иван Иванович', address: 'Московская обл, г Химки' },
];
const ADDRESSES = [
  'г Москва, ул Тверская, д 7',
  'г Москва, ул Тверская, д 9',
  'г Москва, Тверской б-р, д 14 стр 1',
  'г Москва, ул Арбат, д 1',
];

type Fake = Awaited<ReturnType<typeof startFakeDadata>>;

describe('suggestions through DaData', () => {
  let dadata: Fake;
  let ctx: TestContext;
  beforeAll(async () => {
    dadata = await startFakeDadata({ token: KEY, parties: PARTIES, addresses: ADDRESSES });
    ctx = await createTestContext({ env: { DADATA_API_KEY: KEY, DADATA_API_URL: dadata.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await dadata.close();
  });

  const post = (url: string, payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url, payload });

  it('says suggestions are on', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/suggestions/status' });
    expect(response.json()).toEqual({ isEnabled: true });
  });

  it('finds the requisites of a company and of a sole trader by INN, asking DaData with our key', async () => {
    const company = await post('/api/suggestions/party', { inn: ' 7707083893 ' });
    expect(company.statusCode).toBe(200);
    expect(company.json()).toEqual({
      party: {
        inn: '7707083893',
        kpp: '773601001',
        name: 'ПАО СБЕРБАНК',
        address: '101000, г Москва, ул Вавилова, д 19',
      },
    });
    const request = dadata.requests.at(-1)!;
    expect(request.url).toBe('/suggestions/api/4_1/rs/findById/party');
    expect(request.headers.authorization).toBe(`Token ${KEY}`);
    expect(request.body).toEqual({ query: '7707083893', count: 1, branch_type: 'MAIN' });

    const soleTrader = await post('/api/suggestions/party', { inn: '500100732259' });
    expect(soleTrader.json()).toMatchObject({ party: { kpp: null, name: 'ИП Иванов Иван Иванович' } });
  });

  it('answers no party for an unknown INN and asks DaData once an hour per INN', async () => {
    const before = dadata.requests.length;
    expect((await post('/api/suggestions/party', { inn: '7736207543' })).json()).toEqual({ party: null });
    expect((await post('/api/suggestions/party', { inn: '7736207543' })).json()).toEqual({ party: null });
    expect(dadata.requests.length).toBe(before + 1);
  });

  it('refuses a wrong INN, a control character or a short address without calling DaData', async () => {
    const before = dadata.requests.length;
    const wrong = await post('/api/suggestions/party', { inn: '7707083894' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ details: [{ path: 'body.inn', message: MESSAGES.invalidInn }] });
    const control = await post('/api/suggestions/address', { query: 'Тверская\u0000' });
    expect(control.statusCode).toBe(400);
    const short = await post('/api/suggestions/address', { query: ' Тв ' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ details: [{ message: MESSAGES.suggestionQueryInvalid }] });
    expect((await post('/api/suggestions/address', { query: 'x'.repeat(201) })).statusCode).toBe(400);
    expect(dadata.requests.length).toBe(before);
  });

  it('suggests addresses with coordinates where DaData knows them', async () => {
    const response = await post('/api/suggestions/address', { query: 'москва тверск' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { value: 'г Москва, ул Тверская, д 7', coordinates: [55.7575, 37.613] },
        { value: 'г Москва, ул Тверская, д 9', coordinates: null },
        { value: 'г Москва, Тверской б-р, д 14 стр 1', coordinates: null },
      ],
    });
    expect(dadata.requests.at(-1)!.body).toMatchObject({ query: 'москва тверск', count: 5 });
  });

  it('answers 503 «заполните поля вручную» when DaData fails', async () => {
    dadata.failNext();
    const response = await post('/api/suggestions/address', { query: 'Арбат' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: MESSAGES.suggestionsUnavailable });
  });

  it('bounds each caller to 30 requisites look-ups a minute', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1)
      codes.push((await post('/api/suggestions/party', { inn: '7707083893' })).statusCode);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThan(0);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('suggestions without a DaData key', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('are off: the form keeps its fields manual, and the routes answer 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/suggestions/status' })).json()).toEqual({
      isEnabled: false,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/suggestions/party',
      payload: { inn: '7707083893' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: MESSAGES.suggestionsUnavailable });
  });
});

describe('suggestions with a key DaData refuses', () => {
  let dadata: Fake;
  let ctx: TestContext;
  beforeAll(async () => {
    dadata = await startFakeDadata({ token: KEY, parties: PARTIES, addresses: ADDRESSES });
    ctx = await createTestContext({ env: { DADATA_API_KEY: 'revoked', DADATA_API_URL: dadata.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await dadata.close();
  });

  it('answer 503 rather than the provider error', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/suggestions/address',
      payload: { query: 'Тверская' },
    });
    expect(response.statusCode).toBe(503);
    expect(dadata.requests.at(-1)!.headers.authorization).toBe('Token revoked');
  });
});
