import { MarketingEventsPage } from '@/features/crm-marketing/components/events-page';

export { MarketingEventsPage as Component };
