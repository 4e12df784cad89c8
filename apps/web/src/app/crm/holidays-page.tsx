import { HolidaysPage } from '@/features/crm-holidays/components/holidays-page';

export { HolidaysPage as Component };
