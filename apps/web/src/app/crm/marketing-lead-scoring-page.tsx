// Chart styles belong to this lazy chunk only.
import '@mantine/charts/styles.css';
import { LeadScoringPage } from '@/features/crm-marketing/components/lead-scoring-page';

export { LeadScoringPage as Component };
