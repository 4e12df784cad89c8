import { FormSettingsPage } from '@/features/crm-form-settings/components/form-settings-page';

export { FormSettingsPage as Component };
