import { withTracker } from '@/lib/analytics-page';

export type SupportPlatform = 'telegram' | 'whatsapp';

/**
 * Spec 1: opening a messenger sends contact_support with the platform — through the tracker (public pages only,
 * Do-Not-Track honoured), sent at once, as the visitor may not come back. Fire-and-forget (spec 8).
 */
export function trackContactSupport(platform: SupportPlatform): void {
  withTracker((tracker) => {
    tracker.trackEvent({
      eventType: 'contact_support',
      eventCategory: 'support',
      eventAction: 'open',
      eventLabel: platform,
    });
    tracker.flushAnalytics();
  });
}
