import { Modal, type ModalProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * Which row a back-office modal form edits: `null` closed, `{ item: null }` a new one, `{ item }` an existing
 * one. `open()` / `close()` for the buttons, `editing` for the modal.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  return {
    editing,
    open: (item: T | null = null) => setEditing({ item }),
    close: () => setEditing(null),
  };
}

/** The modal around a back-office form; the form mounts afresh for each opening (its initial values). */
export function EditModal<T>({
  editing,
  onClose,
  title,
  children,
  ...modalProps
}: {
  editing: { item: T | null } | null;
  onClose: () => void;
  title: (item: T | null) => string;
  children: (item: T | null) => ReactNode;
} & Omit<ModalProps, 'opened' | 'onClose' | 'title' | 'children'>) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={title(editing?.item ?? null)}
      centered
      {...modalProps}
    >
      {editing ? children(editing.item) : null}
    </Modal>
  );
}
