import type { AnalyticsEventRequest } from '@app/contracts';
import { getAnalyticsSessionId } from '@/lib/analytics';
import { api } from '@/lib/api-client';

export type SupportPlatform = 'telegram' | 'whatsapp';

/** Spec 1: opening a messenger sends contact_support with the platform. Fire-and-forget (spec 8). */
export function trackContactSupport(platform: SupportPlatform): void {
  const event: AnalyticsEventRequest = {
    sessionId: getAnalyticsSessionId(),
    eventType: 'contact_support',
    eventCategory: 'support',
    eventAction: 'open',
    eventLabel: platform,
  };
  try {
    api.post('/analytics/event', event, { auth: 'none' }).catch((error: unknown) => {
      console.warn('contact_support event failed', error);
    });
  } catch (error) {
    console.warn('contact_support event failed', error);
  }
}
