import { LeadScoringPage } from '@/features/crm-marketing/components/lead-scoring-page';

export { LeadScoringPage as Component };
