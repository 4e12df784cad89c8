import { PartnerWebhooksPage } from '@/features/partner-webhooks/components/webhooks-page';

export { PartnerWebhooksPage as Component };
