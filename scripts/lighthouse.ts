/**
 * Lighthouse 12 (mobile preset: emulated phone, simulated slow 4G and CPU) on one page, in Debian's Chromium.
 * Used by `npm run bench`; run alone with `node --import tsx scripts/lighthouse.ts <url> [report.json]`.
 */
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  /**
   * Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`; ≈ 1000–2000 on a desktop of today):
   * the scores of one run mean something only next to it, as the simulated 4× slow-down is applied on top.
   */
  benchmarkIndex: number;
  /** Lighthouse could not measure the page (its runtime error code, e.g. NO_LCP); the scores are then 0. */
  error: string | null;
};

export async function runLighthouse(url: string, reportFile?: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    // The whole report, to see where the time went (long tasks, bootup time per script, failed audits).
    if (reportFile) writeFileSync(reportFile, JSON.stringify(result.lhr));
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      error: result.lhr.runtimeError
        ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`
        : null,
    };
  } finally {
    chrome.kill();
  }
}

if (process.argv[1]?.endsWith('lighthouse.ts') && process.argv[2]) {
  const scores = await runLighthouse(process.argv[2], process.argv[3]);
  console.log(JSON.stringify(scores));
}
