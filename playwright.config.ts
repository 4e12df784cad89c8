import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive the built product in Debian's Chromium (never a downloaded browser).
 * One server on a fresh embedded database per run; tests share it and create their own data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3107);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `.tmp/e2e-data-${process.env.E2E_RUN_ID ?? Date.now()}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  // A first CRM page (its lazy chunks) took over 10 s on this 2-core machine while job-detail.spec.ts boots its own
  // server beside the suite; waits are not assertions on speed (that is `npm run bench`'s job).
  expect: { timeout: 20_000 },
  // The JSON report feeds the per-file timings that `npm test` prints (scripts/test.mjs).
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '.tmp/playwright-report.json' }],
  ],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // Tracing with its screencast doubled the suite's time on two cores (Chromium takes a screenshot per frame) and
    // CI shows only the text output: off there; a local run keeps each failure's DOM snapshots, not its screenshots.
    // A failure in CI is rerun locally with `npx playwright test <spec> --trace on`.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // A new context per test would install the app's service worker in every test, and its precaching (every
    // asset once more) competes with the page under test on two cores. Specs about the installed app, offline
    // use and push allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node --import tsx apps/api/src/main.ts`,
    // Ready, not just alive: the database and the job queues answer.
    url: `${BASE_URL}/api/ready`,
    // `npm test` boots this server (the same command and env) while Vitest runs and says so (scripts/test.mjs);
    // anywhere else every run starts its own.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      // Parallel local runs build the SPA into their own folder (npm run build writes apps/web/dist).
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE_URL,
      // Many sign-ins from one address in a few minutes; the limits themselves are covered by API tests.
      RATE_LIMIT_AUTH_PER_IP: '10000',
      RATE_LIMIT_CODE_PER_EMAIL_SECONDS: '0',
      // As behind a reverse proxy on this host: a spec may play a visitor from another address (X-Forwarded-For),
      // e.g. a referral visitor who is not the partner (the fraud rules compare addresses, decision 063).
      TRUST_PROXY: 'loopback',
      // Push subscriptions may point only at known push services (decision 021). The specs add the stand-in
      // endpoint of a faked PushManager and the fake push service on 127.0.0.1 (plain http: tests only).
      PUSH_ALLOWED_HOSTS:
        'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,' +
        '*.push.apple.com,push.example.test',
      PUSH_ALLOW_INSECURE_HOSTS: '127.0.0.1:*',
      // Integrator webhooks may reach the spec's own receiver on 127.0.0.1 over http (tests only; decision 071).
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
  },
});
