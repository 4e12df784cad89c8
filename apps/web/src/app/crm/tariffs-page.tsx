import { TariffsPage } from '@/features/crm-tariffs/components/tariffs-page';

export { TariffsPage as Component };
