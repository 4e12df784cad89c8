import type { AnalyticsCountersResponse } from '@app/contracts';

/**
 * The optional third-party counters of the analytics configuration (Yandex Metrica, GA4), loaded by the tracker
 * when the browser is idle on a public page (decision 066); the back office never loads this module. Each page
 * view of the app is reported to them by hand (both count a single-page app's first page only by themselves).
 */

type CounterWindow = Window & {
  ym?: ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
};

let loading: Promise<AnalyticsCountersResponse | null> | null = null;

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

async function loadCounters(): Promise<AnalyticsCountersResponse | null> {
  const response = await fetch('/api/analytics/counters', { credentials: 'same-origin' });
  if (!response.ok) return null;
  const counters = (await response.json()) as AnalyticsCountersResponse;
  const win = window as CounterWindow;
  if (counters.yandexMetricaId) {
    // The counter's documented stub: calls wait in `ym.a` until tag.js takes them over.
    win.ym ??= Object.assign(
      (...args: unknown[]) => {
        (win.ym!.a ??= []).push(args);
      },
      { l: Date.now() },
    );
    addScript('https://mc.yandex.ru/metrika/tag.js');
    win.ym(Number(counters.yandexMetricaId), 'init', {
      defer: true,
      clickmap: false,
      trackLinks: true,
      accurateTrackBounce: true,
    });
  }
  if (counters.ga4MeasurementId) {
    win.dataLayer ??= [];
    win.gtag ??= function gtag() {
      // gtag.js reads the arguments object itself, as its own snippet pushes it.
      // eslint-disable-next-line prefer-rest-params
      win.dataLayer!.push(arguments);
    };
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(counters.ga4MeasurementId)}`);
    win.gtag('js', new Date());
    win.gtag('config', counters.ga4MeasurementId, { send_page_view: false });
  }
  return counters;
}

/** Reports one page view to the configured counters (loading them on the first call). */
export async function countPageView(url: string, title: string): Promise<void> {
  loading ??= loadCounters().catch((error: unknown) => {
    console.warn('analytics: counters not loaded', error);
    return null;
  });
  const counters = await loading;
  const win = window as CounterWindow;
  if (counters?.yandexMetricaId && win.ym) win.ym(Number(counters.yandexMetricaId), 'hit', url, { title });
  if (counters?.ga4MeasurementId && win.gtag)
    win.gtag('event', 'page_view', { page_location: url, page_title: title });
}
