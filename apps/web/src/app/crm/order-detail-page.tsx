// The refund form's Russian date picker (decision 046) belongs to this lazy chunk only.
import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import { StaffOrderDetail } from '@/features/crm-orders/components/staff-order-detail';

export { StaffOrderDetail as Component };
