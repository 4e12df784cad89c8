/**
 * The main thread's CPU time of /order/step-1 after its first paint, from a Chromium trace (decision 065).
 * Lighthouse's TBT is wall-clock task time × 4 (its simulated phone): on a shared machine every millisecond a
 * neighbour takes from the page counts four times, and the same build scored 96 and 67 within the hour. A task's
 * thread time (`tdur`) is what the page itself ran, whatever the neighbours do: summed after the first paint and, as
 * Lighthouse does, × 4 for the phone, it is an estimate of TBT that two builds can be compared by on a busy machine.
 * It is not Lighthouse's number (no simulated network, no lantern graph): the targets stay Lighthouse's.
 *
 * Used by `npm run bench` (web part); run alone: `node --import tsx scripts/first-load-cpu.ts <url> [runs]`.
 */
import { chromium } from '@playwright/test';

/** Lighthouse's mobile CPU slow-down. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

export type FirstLoadCpu = {
  /** Main-thread CPU time after the first contentful paint, ms (this machine's speed). */
  cpuMs: number;
  /** Σ max(0, 4 × task CPU − 50) over the tasks after the first paint, ms: the TBT estimate. */
  tbtEstimateMs: number;
  /** The longest task's CPU time after the first paint, ms. */
  longestTaskMs: number;
};

type TraceEvent = {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/** One load of `url` in a phone-sized page; waits until the build-time copy has given way and the page is idle. */
async function measureOnce(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
): Promise<FirstLoadCpu> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page
      .waitForFunction(() => !document.getElementById('page-snapshot'), null, { timeout: 15_000 })
      .catch(() => undefined);
    await page.waitForTimeout(3_000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint');
    if (!paint) throw new Error('no first contentful paint in the trace');
    const mainThread = traceEvents.find(
      (event) =>
        event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain',
    )?.tid;
    const tasks = traceEvents.filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.pid === paint.pid &&
        event.tid === mainThread &&
        event.ts >= paint.ts,
    );
    const cpu = tasks.map((task) => (task.tdur ?? task.dur ?? 0) / 1000);
    return {
      cpuMs: cpu.reduce((sum, ms) => sum + ms, 0),
      tbtEstimateMs: cpu.reduce((sum, ms) => sum + Math.max(0, CPU_SLOWDOWN * ms - LONG_TASK_MS), 0),
      longestTaskMs: Math.max(0, ...cpu),
    };
  } finally {
    await context.close();
  }
}

/** `runs` loads, in Debian's Chromium; the caller takes medians. */
export async function measureFirstLoadCpu(url: string, runs: number): Promise<FirstLoadCpu[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const results: FirstLoadCpu[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await measureOnce(browser, url));
    return results;
  } finally {
    await browser.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, runs = '5'] = process.argv.slice(2);
  if (!url) throw new Error('usage: scripts/first-load-cpu.ts <url> [runs]');
  const results = await measureFirstLoadCpu(url, Number(runs));
  const list = (key: keyof FirstLoadCpu) => results.map((result) => result[key].toFixed(0)).join(', ');
  console.log(
    `CPU after first paint ${list('cpuMs')} ms; TBT estimate ${list('tbtEstimateMs')} ms; ` +
      `longest task ${list('longestTaskMs')} ms`,
  );
}
