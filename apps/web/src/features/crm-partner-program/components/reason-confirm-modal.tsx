import { Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';

/**
 * A confirmation that needs a reason (refusing an application, changing a partner's status): the reason is asked
 * for in the dialog and checked (3–1000 characters, as the server checks it) before `onConfirm` gets it.
 */
export function ReasonConfirmModal({
  opened,
  title,
  confirmLabel,
  reasonLabel,
  requiredMessage,
  children,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  reasonLabel: string;
  /** The catalogue message for a missing or too short reason. */
  requiredMessage: string;
  children: ReactNode;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      message={
        <Stack gap="xs">
          {children}
          <Textarea
            label={reasonLabel}
            required
            rows={3}
            maxLength={1000}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </Stack>
      }
      onConfirm={async () => {
        const trimmed = reason.trim();
        if (trimmed.length < 3) {
          setError(requiredMessage);
          throw new Error(requiredMessage);
        }
        await onConfirm(trimmed);
        setReason('');
        setError(null);
      }}
      onClose={close}
    />
  );
}
