import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('runs on embedded PGlite with demo data by default', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data' });
    expect(config.seedDemoData).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('takes the marketing reports’ work_mem within 0–1024 MB, the server’s own by default (decision 084)', () => {
    expect(loadConfig({}).marketingReportWorkMemMb).toBe(0);
    expect(loadConfig({ MARKETING_REPORT_WORK_MEM_MB: '64' }).marketingReportWorkMemMb).toBe(64);
    expect(() => loadConfig({ MARKETING_REPORT_WORK_MEM_MB: '1025' })).toThrow(
      /MARKETING_REPORT_WORK_MEM_MB/,
    );
    expect(() => loadConfig({ MARKETING_REPORT_WORK_MEM_MB: '-1' })).toThrow(/MARKETING_REPORT_WORK_MEM_MB/);
  });

  it('seeds PostgreSQL only with DEMO_DATA=true', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('refuses a production start without its secrets and names each missing variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.ru', SMTP_URL: 'smtp://h' }),
    ).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://x.ru' }),
    ).toThrow(/SMTP_URL/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://x.ru',
        SMTP_URL: 'smtp://mail:25',
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'live_secret',
      }).env,
    ).toBe('production');
  });

  it('refuses a production start on the test payment page unless PAYMENTS_TEST_MODE says so', () => {
    const secrets = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://x.ru',
      SMTP_URL: 'smtp://mail:25',
    };
    expect(() => loadConfig(secrets)).toThrow(ConfigError);
    expect(() => loadConfig(secrets)).toThrow(/PAYMENTS_TEST_MODE/);
    expect(() => loadConfig({ ...secrets, YOOKASSA_SHOP_ID: '123456' })).toThrow(/YOOKASSA_SECRET_KEY/);
    expect(() => loadConfig({ ...secrets, PAYMENTS_TEST_MODE: 'false' })).toThrow(/PAYMENTS_TEST_MODE/);
    expect(loadConfig({ ...secrets, PAYMENTS_TEST_MODE: 'true' }).payments).toEqual({
      provider: 'test',
      testMode: true,
    });
    expect(
      loadConfig({ ...secrets, YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'live_secret' }).payments,
    ).toMatchObject({ provider: 'yookassa', testMode: false });
    // Development keeps the embedded test page without any flag.
    expect(loadConfig({}).payments).toEqual({ provider: 'test', testMode: true });
  });

  it('keeps the webhook allow-list empty by default and refuses it in production (decision 071)', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowedHosts: [] });
    expect(loadConfig({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1, 127.0.0.1:8080' }).webhooks.allowedHosts).toEqual([
      '127.0.0.1',
      '127.0.0.1:8080',
    ]);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://x.ru',
      SMTP_URL: 'smtp://mail:25',
      PAYMENTS_TEST_MODE: 'true',
    };
    expect(loadConfig(production).webhooks.allowedHosts).toEqual([]);
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' })).toThrow(
      /WEBHOOK_ALLOWED_HOSTS/,
    );
  });

  it('rejects malformed values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count, true or a list of addresses/CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.1/33', '300.1.1.1', '10.0.0.0/8/1', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('keeps one-click sign-in links for 24 hours unless SIGN_IN_LINK_TTL_HOURS says otherwise', () => {
    expect(loadConfig({}).signInLinkTtlHours).toBe(24);
    expect(loadConfig({ SIGN_IN_LINK_TTL_HOURS: '2' }).signInLinkTtlHours).toBe(2);
    expect(() => loadConfig({ SIGN_IN_LINK_TTL_HOURS: '0' })).toThrow(/SIGN_IN_LINK_TTL_HOURS/);
  });
});
