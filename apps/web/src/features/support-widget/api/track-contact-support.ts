import { flushAnalytics, trackEvent } from '@/lib/analytics';

export type SupportPlatform = 'telegram' | 'whatsapp';

/**
 * Spec 1: opening a messenger sends contact_support with the platform — through the tracker (public pages only,
 * Do-Not-Track honoured) and at once, as the visitor may not come back. Fire-and-forget (spec 8).
 */
export function trackContactSupport(platform: SupportPlatform): void {
  try {
    trackEvent({
      eventType: 'contact_support',
      eventCategory: 'support',
      eventAction: 'open',
      eventLabel: platform,
    });
    flushAnalytics();
  } catch (error) {
    console.warn('contact_support event failed', error);
  }
}
