import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A question before an action that cannot be taken back: deleting, cancelling tasks, clearing schedules. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  color = 'red',
  isLoading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  /** A sentence, or a node of its own for longer text. */
  message: ReactNode;
  confirmLabel: string;
  color?: string;
  isLoading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button color={color} loading={isLoading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
