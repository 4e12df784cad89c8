import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookHttp, isPublicAddress } from './webhook-http.ts';

/** The SSRF rules of integrator webhooks (decision 071), against a real receiver on 127.0.0.1. */
describe('webhook http client', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'http://10.0.0.1/internal' }).end();
        return;
      }
      response.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('tells public addresses from private, loopback, link-local, CGNAT, multicast and their IPv6 forms', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2a00:1450:4010:c05::64', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '127.8.8.8',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      'not-an-ip',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses private and loopback hosts at creation: literal IPs, local names, plain http', async () => {
    const http = createWebhookHttp(
      { allowedHosts: [] },
      { resolve: async () => [{ address: '93.184.216.34', family: 4 }] },
    );
    expect(await http.check('https://10.0.0.5/hook')).toBe('private');
    expect(await http.check('https://169.254.169.254/latest/meta-data')).toBe('private');
    expect(await http.check('https://[::1]/hook')).toBe('private');
    expect(await http.check('https://[::ffff:127.0.0.1]/hook')).toBe('private');
    expect(await http.check('https://localhost/hook')).toBe('private');
    expect(await http.check(`http://127.0.0.1:${port}/hook`)).toBe('not-https');
    expect(await http.check('http://hooks.example.ru/hook')).toBe('not-https');
    expect(await http.check('https://user:pass@hooks.example.ru/hook')).toBe('invalid');
    expect(await http.check('https://hooks.example.ru/hook')).toBeNull();
  });

  it('refuses a host whose DNS answer has any private address, before connecting', async () => {
    const answers: Record<string, string[]> = {
      'rebind.example': ['127.0.0.1'],
      'mixed.example': ['93.184.216.34', '10.0.0.7'],
      'metadata.example': ['169.254.169.254'],
      'v6.example': ['::1'],
    };
    const http = createWebhookHttp(
      { allowedHosts: ['127.0.0.1'] },
      {
        resolve: async (host) =>
          (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      },
    );
    for (const host of Object.keys(answers)) {
      expect(await http.check(`https://${host}/hook`), host).toBe('private');
      const result = await http.post(`https://${host}:${port}/hook`, {}, '{}');
      expect(result.ok).toBe(false);
      expect(result.responseCode).toBeNull();
      expect(result.error).toMatch(/внутреннюю сеть/);
    }
    expect(hits).toEqual([]);
  });

  it('refuses 127.0.0.1 unless allow-listed, and connects to the checked address only (no second lookup)', async () => {
    const strict = createWebhookHttp({ allowedHosts: [] });
    const refused = await strict.post(`http://127.0.0.1:${port}/hook`, {}, '{}');
    expect(refused.ok).toBe(false);
    expect(hits).toEqual([]);

    // An allow-listed name resolves once, through the injected resolver: the socket goes to that address.
    const pinned = createWebhookHttp(
      { allowedHosts: ['receiver.test'] },
      { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    );
    const delivered = await pinned.post(`http://receiver.test:${port}/pinned`, {}, '{}');
    expect(delivered).toMatchObject({ ok: true, responseCode: 200, error: null });
    expect(hits).toEqual(['/pinned']);
  });

  it('does not follow a redirect (to a private address here): the attempt fails with its 3xx', async () => {
    const http = createWebhookHttp({ allowedHosts: ['127.0.0.1'] });
    hits.length = 0;
    const result = await http.post(`http://127.0.0.1:${port}/redirect`, {}, '{}');
    expect(result.ok).toBe(false);
    expect(result.responseCode).toBe(302);
    expect(result.error).toMatch(/перенаправления не выполняются/);
    expect(hits).toEqual(['/redirect']);
  });
});
