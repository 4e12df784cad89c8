import { IntegratorDocsPage } from '@/features/partner-api/components/docs-page';

/**
 * The integrator's docs: the partner API's own sections; the webhooks section takes the webhooks feature's
 * verification docs when that feature provides them (pass them as `webhooks`).
 */
export function Component() {
  return <IntegratorDocsPage />;
}
