import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * A question before an action that cannot be taken back: deleting, cancelling tasks, clearing schedules.
 * `onConfirm` may return a promise (a mutation's `mutateAsync`): the button then shows it running and the dialog
 * closes when it has succeeded; a failure keeps it open (the app's error toast says why).
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Отмена',
  color = 'red',
  isLoading = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  /** A sentence, or a node of its own for longer text. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  color?: string;
  /** For an action whose progress is tracked outside `onConfirm` (it returns no promise). */
  isLoading?: boolean;
  onConfirm: () => unknown;
  onClose: () => void;
}) {
  const [isRunning, setRunning] = useState(false);
  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    try {
      await result;
      onClose();
    } catch {
      // Reported by the app's error toast; the question stays for another try or 'Отмена'.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color={color} loading={isLoading || isRunning} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
