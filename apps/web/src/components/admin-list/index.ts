export { AdminPageHeader } from './admin-page-header';
export { AdminList } from './admin-list';
export { AdminTable, type AdminColumn } from './admin-table';
export { EditModal, useEditing } from './edit-modal';
export { ListState, type ListQuery } from './list-state';
export { RowActions } from './row-actions';
export { useConfirmAction } from './use-confirm-action';
export { FormActions } from './form-actions';
