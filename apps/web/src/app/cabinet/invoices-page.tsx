import { DocumentsList } from '@/features/invoices/components/documents-list';

export { DocumentsList as Component };
