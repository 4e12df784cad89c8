import { Button, Group } from '@mantine/core';

/** The foot of a back-office modal form: «Отмена» closes it, «Сохранить» submits. */
export function FormActions({
  onCancel,
  isSaving,
  submitLabel = 'Сохранить',
  cancelLabel = 'Отмена',
}: {
  onCancel: () => void;
  cancelLabel?: string;
  isSaving: boolean;
  submitLabel?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={isSaving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
