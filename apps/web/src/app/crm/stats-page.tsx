// Date-picker styles and the Russian calendar belong to this lazy chunk only (charts bring their own).
import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import { StatsPage } from '@/features/crm-stats/components/stats-page';

export { StatsPage as Component };
