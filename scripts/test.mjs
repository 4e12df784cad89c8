#!/usr/bin/env node
/**
 * `npm test`: every check of the repository, in the order that fails fastest, with the time each stage took.
 *
 * 1. Static checks and the web build side by side (each is single-threaded; two cores run two at once):
 *    lint, type-check, prettier, the production build that the browser tests serve.
 * 2. Vitest (contracts, API on PGlite and — with TEST_DATABASE_URL — PostgreSQL, web components).
 * 3. Playwright against the build of step 1 (no second build). Its server (playwright.config.ts `webServer`: a fresh
 *    embedded database, migrated and seeded) boots while step 2 runs, so the browser tests start at once.
 * A failed group stops the run (no browser tests after a type error). At the end: a table of the stages, and the
 * slowest test files of Vitest and Playwright, so the next person who makes the suite slower sees where.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });
const VITEST_REPORT = path.join(TMP, 'vitest-report.json');
const PLAYWRIGHT_REPORT = path.join(TMP, 'playwright-report.json');
const TIMINGS = path.join(TMP, 'test-timings.txt');
for (const file of [VITEST_REPORT, PLAYWRIGHT_REPORT, TIMINGS]) rmSync(file, { force: true });

/** @type {Array<{ name: string; seconds: number; ok: boolean }>} */
const results = [];

function run(name, command, args, env = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
    });
    // Output of parallel stages is kept per stage and printed whole when the stage ends (no interleaving).
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      process.stdout.write(
        `\n── ${name}: ${ok ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s ──\n`,
      );
      process.stdout.write(Buffer.concat(chunks));
      results.push({ name, seconds, ok });
      resolve(ok);
    });
  });
}

/** Streams the output (long stages: the person watching sees progress). */
function runLive(name, command, args, env = {}) {
  const started = performance.now();
  process.stdout.write(`\n── ${name} ──\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      results.push({ name, seconds, ok: code === 0 });
      resolve(code === 0);
    });
  });
}

async function inPairs(tasks) {
  const queue = [...tasks];
  const outcomes = [];
  async function lane() {
    for (let task = queue.shift(); task; task = queue.shift()) outcomes.push(await task());
  }
  await Promise.all([lane(), lane()]);
  return outcomes.every(Boolean);
}

function slowestVitestFiles(limit) {
  if (!existsSync(VITEST_REPORT)) return [];
  const report = JSON.parse(readFileSync(VITEST_REPORT, 'utf8'));
  return report.testResults
    .map((file) => ({
      file: path.relative(ROOT, file.name),
      seconds: ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, limit);
}

function slowestPlaywrightFiles(limit) {
  if (!existsSync(PLAYWRIGHT_REPORT)) return [];
  const report = JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8'));
  const perFile = new Map();
  const visit = (suite, file) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          perFile.set(name, (perFile.get(name) ?? 0) + (result.duration ?? 0) / 1000);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return [...perFile]
    .map(([file, seconds]) => ({ file: `e2e/${file}`, seconds }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, limit);
}

function summary(totalSeconds) {
  const lines = ['', 'Stage timings (wall clock):'];
  for (const { name, seconds, ok } of results) {
    lines.push(`  ${name.padEnd(28)} ${seconds.toFixed(1).padStart(7)} s${ok ? '' : '  FAILED'}`);
  }
  lines.push(`  ${'total'.padEnd(28)} ${totalSeconds.toFixed(1).padStart(7)} s`);
  const vitest = slowestVitestFiles(8);
  if (vitest.length > 0) {
    lines.push('Slowest Vitest files (each file, its worker’s time):');
    for (const { file, seconds } of vitest) lines.push(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
  const playwright = slowestPlaywrightFiles(8);
  if (playwright.length > 0) {
    lines.push('Slowest Playwright files (sum of their tests, 2 workers run side by side):');
    for (const { file, seconds } of playwright) lines.push(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * Starts Playwright's web server (its command and env from playwright.config.ts) in the background; answers a
 * promise of whether it became ready, and a stop function. Playwright then reuses it (E2E_SERVER_STARTED); if it
 * did not come up, it is stopped and Playwright starts its own as it would anyway.
 */
function startE2eServer(env) {
  const printed = spawnSync(
    'node',
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { default: c } = await import('./playwright.config.ts'); process.stdout.write(JSON.stringify(c.webServer));",
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (printed.status !== 0) return { ready: Promise.resolve(false), stop: async () => {} };
  const server = JSON.parse(printed.stdout);
  const started = performance.now();
  const child = spawn(server.command, {
    cwd: ROOT,
    shell: true,
    detached: true, // its own process group: the shell and the node process under it stop together
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, ...server.env },
  });
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', () => resolve((exited = true))));
  // Its own process group does not get the terminal's Ctrl-C: never leave it running after this script.
  process.on('exit', () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  const ready = (async () => {
    const deadline = Date.now() + (server.timeout ?? 120_000);
    while (!exited && Date.now() < deadline) {
      const ok = await fetch(server.url).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) {
        process.stdout.write(
          `\n── e2e server ready in ${((performance.now() - started) / 1000).toFixed(1)} s ──\n`,
        );
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  })();
  async function stop() {
    if (exited) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exit;
    clearTimeout(killer);
  }
  return { ready, stop };
}

const started = performance.now();
let ok = await inPairs([
  () => run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']),
  () => run('typecheck', 'npm', ['run', 'typecheck']),
  () => run('format:check', 'npx', ['prettier', '--check', '.']),
  () => run('build (web)', 'npm', ['run', 'build']),
]);
// One id for the config's data folder: the server started here and Playwright's reuse of it agree on it.
const e2eEnv = { E2E_RUN_ID: process.env.E2E_RUN_ID ?? String(Date.now()) };
const e2eServer = ok ? startE2eServer(e2eEnv) : null;
if (ok) {
  ok = await runLive('vitest', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${VITEST_REPORT}`,
  ]);
}
if (ok) {
  const reuse = await e2eServer.ready;
  if (!reuse) await e2eServer.stop();
  ok = await runLive('playwright', 'npx', ['playwright', 'test'], {
    ...e2eEnv,
    ...(reuse ? { E2E_SERVER_STARTED: '1' } : {}),
    PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_REPORT,
  });
}
await e2eServer?.stop();
const text = summary((performance.now() - started) / 1000);
process.stdout.write(text);
writeFileSync(TIMINGS, text);
process.exit(ok ? 0 : 1);
