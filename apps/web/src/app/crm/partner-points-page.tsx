import '@mantine/dropzone/styles.css';
import { useParams } from 'react-router';
import { PartnerPointsPage } from '@/features/crm-partners/components/partner-points-page';

export function Component() {
  const { partnerId = '' } = useParams();
  // Keyed by partner: moving between partners starts with a fresh page state.
  return <PartnerPointsPage key={partnerId} partnerId={partnerId} />;
}
