import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row's buttons: «Изменить» and «Удалить» when given, any other action between them. */
export function RowActions({
  onEdit,
  onDelete,
  deleteLabel,
  justify = 'flex-end',
  children,
}: {
  onEdit?: () => void;
  onDelete?: () => void;
  /** An accessible name for «Удалить» when the row is not otherwise named. */
  deleteLabel?: string;
  justify?: 'flex-end' | 'flex-start';
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify={justify}>
      {onEdit ? (
        <Button size="xs" variant="light" onClick={onEdit}>
          Изменить
        </Button>
      ) : null}
      {children}
      {onDelete ? (
        <Button size="xs" variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
          Удалить
        </Button>
      ) : null}
    </Group>
  );
}
