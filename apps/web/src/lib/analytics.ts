import { api } from './api-client';

const SESSION_ID_KEY = 'analytics_session_id';

/** Analytics session ids live per browser session (spec 9). */
export function getAnalyticsSessionId(): string {
  try {
    const existing = window.sessionStorage.getItem(SESSION_ID_KEY);
    if (existing) return existing;
    const created = crypto.randomUUID();
    window.sessionStorage.setItem(SESSION_ID_KEY, created);
    return created;
  } catch {
    return crypto.randomUUID();
  }
}

export type FunnelStageEvent = {
  stage: string;
  source?: string;
  value?: number;
  metadata?: Record<string, unknown>;
};

/** Fire-and-forget: analytics failures are swallowed and never block the user (spec 8). */
export function trackFunnelStage(event: FunnelStageEvent): void {
  api
    .post('/analytics/funnel-stage', { sessionId: getAnalyticsSessionId(), ...event }, { auth: 'none' })
    .catch(() => undefined);
}
