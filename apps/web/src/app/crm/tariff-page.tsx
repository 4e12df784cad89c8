import { TariffPage } from '@/features/crm-tariffs/components/tariff-page';

export { TariffPage as Component };
