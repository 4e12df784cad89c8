/**
 * An open-loop load generator for `npm run bench` (decision 074): requests are sent at a fixed offered rate, each
 * on its own schedule whatever the answers before it took, so a slow answer does not slow the load down (the
 * closed loop of autocannon measures the latency at saturation instead). autocannon's `overallRate` is no help:
 * each connection sends its share of a second back to back and then waits for the next second (bursts at
 * saturation), and its correction adds synthetic samples at a 1 ms expected interval.
 *
 * A request's latency runs from the moment it was due, not from when it was sent: if this process falls behind
 * (a busy machine), the delay counts against the server's figure, never for it (no coordinated omission).
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

export type OpenLoopOptions = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A new body per request (undefined: none). */
  body?: () => string;
  /** Requests per second offered. */
  rate: number;
  seconds: number;
  /** An answer later than this counts as an error (ms). */
  timeoutMs?: number;
};

export type OpenLoopResult = {
  offeredRps: number;
  sent: number;
  /** 2xx answers. */
  ok: number;
  non2xx: number;
  errors: number;
  /** 2xx answers per second, over the time from the first due request to the last answer. */
  achievedRps: number;
  /** Latencies of the 2xx answers, sorted (ms, from the moment each request was due). */
  latencies: number[];
  p50: number;
  p99: number;
  max: number;
  /** How late this process sent its most delayed request (ms): large values mean the generator itself lagged. */
  maxSendLagMs: number;
};

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { rate, seconds } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const target = new URL(options.url);
  // Enough kept-alive sockets that a slow answer never holds the next request back.
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const interval = 1000 / rate;
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let maxSendLagMs = 0;
  let lastAnswer = 0;
  const inFlight: Array<Promise<void>> = [];

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const body = options.body?.();
      const headers: Record<string, string | number> = { ...options.headers };
      if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
      const req = httpRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: options.method,
          headers,
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const now = performance.now();
            lastAnswer = Math.max(lastAnswer, now);
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) latencies.push(now - due);
            else non2xx += 1;
            resolve();
          });
          response.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });

  const start = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxSendLagMs = Math.max(maxSendLagMs, performance.now() - due);
    inFlight.push(send(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const elapsed = Math.max(lastAnswer - start, seconds * 1000);
  return {
    offeredRps: rate,
    sent: total,
    ok: latencies.length,
    non2xx,
    errors,
    achievedRps: (latencies.length * 1000) / elapsed,
    latencies,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    maxSendLagMs,
  };
}
