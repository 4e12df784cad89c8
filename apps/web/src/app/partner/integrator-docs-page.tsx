import { IntegratorDocsPage } from '@/features/partner-api/components/docs-page';
import { WebhookVerificationDocs } from '@/features/partner-webhooks/components/webhook-verification-docs';

/** The integrator's docs: the partner API's own sections and the webhooks feature's verification docs. */
export function Component() {
  return <IntegratorDocsPage webhooks={<WebhookVerificationDocs />} />;
}
