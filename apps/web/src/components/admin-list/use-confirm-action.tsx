import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';

/**
 * A question about one item before an action that cannot be taken back (deleting a row): `ask(item)` opens it,
 * `modal` is the dialog to render. The dialog keeps the last item's text while it closes.
 */
export function useConfirmAction<T>({
  title,
  message,
  confirmLabel = 'Удалить',
  onConfirm,
}: {
  title: string;
  message: (item: T) => ReactNode;
  confirmLabel?: string;
  /** A mutation's promise: the dialog closes once it has succeeded and stays open on a failure. */
  onConfirm: (item: T) => Promise<unknown>;
}): { ask: (item: T) => void; modal: ReactNode } {
  // The item stays after closing, so the dialog keeps its text while it fades out.
  const [state, setState] = useState<{ item: T | null; isOpen: boolean }>({ item: null, isOpen: false });
  const { item, isOpen } = state;
  const modal = (
    <ConfirmModal
      opened={isOpen}
      title={title}
      message={item === null ? '' : message(item)}
      confirmLabel={confirmLabel}
      onConfirm={() => (item === null ? undefined : onConfirm(item))}
      onClose={() => setState({ item, isOpen: false })}
    />
  );
  return { ask: (next: T) => setState({ item: next, isOpen: true }), modal };
}
