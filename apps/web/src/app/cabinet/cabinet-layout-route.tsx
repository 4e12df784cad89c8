import { CabinetLayout } from '@/components/layouts/cabinet-layout';

export { CabinetLayout as Component };
