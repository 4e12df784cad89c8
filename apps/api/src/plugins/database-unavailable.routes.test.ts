import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createServices } from '../container.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { createJobs } from '../jobs/jobs.ts';
import { systemClock } from '../lib/clock.ts';
import { outboxTransport } from '../providers/mail.ts';

/** An app whose PostgreSQL is at `url` (nothing there, or a server that never answers); jobs are not started. */
async function appOn(url: string): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATABASE_URL: url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
  });
  const database = await openPostgres(url, { max: 2 });
  const jobs = createJobs({ database, supervise: false, schedule: false });
  const services = createServices({
    config,
    database,
    jobs,
    mailTransport: outboxTransport,
    clock: systemClock,
  });
  const app = await buildApp({ config, database, services, jobs });
  await app.ready();
  return { app, database };
}

/** The answer, or a failure instead of a hang. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: MESSAGES.databaseUnavailable,
};

describe('requests while the database is away', () => {
  let refused: { app: FastifyInstance; database: Database };
  let silent: { app: FastifyInstance; database: Database };
  let blackhole: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // A port nobody listens on: connections are refused at once.
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as { port: number }).port;
    closed.close();
    refused = await appOn(`postgres://postgres@127.0.0.1:${closedPort}/app`);
    // A server that accepts the connection and never answers (a hung or unreachable database).
    blackhole = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await once(blackhole, 'listening');
    silent = await appOn(
      `postgres://postgres@127.0.0.1:${(blackhole.address() as { port: number }).port}/app`,
    );
  });
  afterAll(async () => {
    for (const { app, database } of [refused, silent]) {
      await app.close();
      await database.close();
    }
    for (const socket of sockets) socket.destroy();
    blackhole.close();
  });

  it('answers 503 with the Russian error body when the connection is refused', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/order/form-params' },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { login: 'a@b.ru', password: 'secret-pass' },
      },
    ]) {
      const response = await within(3000, refused.app.inject(request));
      expect(response.statusCode, request.url).toBe(503);
      expect(response.json()).toEqual(UNAVAILABLE);
      expect(response.headers['retry-after']).toBe('2');
    }
  });

  it('answers 503 within the connect timeout (2 s) when the server does not answer', async () => {
    const started = Date.now();
    const response = await within(5000, silent.app.inject({ method: 'GET', url: '/api/order/form-params' }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('stays alive on /api/health and not ready on /api/ready', async () => {
    const health = await within(3000, refused.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await within(3000, refused.app.inject({ method: 'GET', url: '/api/ready' }));
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(UNAVAILABLE);
  });
});
