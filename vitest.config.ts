import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repo. The API tests run on the embedded PGlite, or — when TEST_DATABASE_URL is set,
 * as in CI — on PostgreSQL, the production database (project "api-postgres"), with a one-connection pool like
 * PGlite's unless a race test asks for more (decision 104). PGlite then runs the files about PGlite itself: the
 * database client and its migrations, the job queue on it, the demo seed; the browser tests run on it whole.
 */
const PGLITE_WITH_POSTGRES = [
  'src/config.test.ts',
  'src/db/**/*.test.ts',
  'src/jobs/**/*.test.ts',
  'src/modules/orders/automation/auto-completion-cancel.routes.test.ts',
];
const apiProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/api',
    include:
      driver === 'pglite' && process.env.TEST_DATABASE_URL ? PGLITE_WITH_POSTGRES : ['src/**/*.test.ts'],
    // *.pg.test.ts need a real PostgreSQL server (several processes on one database): the postgres project only.
    // The cron arithmetic (src/jobs/cron.test.ts) touches no database: once, in the PostgreSQL pass, is enough.
    exclude:
      driver === 'postgres'
        ? []
        : process.env.TEST_DATABASE_URL
          ? ['src/**/*.pg.test.ts', 'src/jobs/cron.test.ts']
          : ['src/**/*.pg.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    env: { TEST_DB_DRIVER: driver },
    // Some tests start their own app inside the test (another env per test: SMTP down, TRUST_PROXY, …): a database
    // copy and the job queues, ~3–10 s on a loaded 2-core machine. They get the set-up hooks' budget.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    // Each file builds its own app on its own database copy, and API modules keep no state between files, so
    // the files of a worker share one module graph instead of re-importing the API for every file (−25 % time).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is cores − 1 (one worker on a 2-core machine), but API tests wait on the database half
    // the time: two workers finish the run ≈ 30 % sooner here.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Vitest's 5 s per test is less than one Testing Library wait (5 s, src/test/setup.ts) on a busy
          // machine; the same budget as the API tests and the browser tests (decision 024).
          testTimeout: 30_000,
          // One module graph and one jsdom window per worker instead of a fresh worker and window per file
          // (124 s → 25–28 s here): each file ends as if its process had (src/test/file-isolation.ts, decision 090).
          isolate: false,
        },
      },
    ],
  },
});
