import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { ConfirmModal } from './confirm-modal';

function renderModal(onConfirm: () => unknown) {
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <ConfirmModal
        opened
        title="Удалить день?"
        message="Его больше не будет в календаре."
        confirmLabel="Удалить"
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </AppProviders>,
  );
  return { onClose, confirm: screen.getByRole('button', { name: 'Удалить' }) };
}

describe('ConfirmModal', () => {
  it('shows a promised action running and closes once it has succeeded', async () => {
    let finish: () => void = () => undefined;
    const { onClose, confirm } = renderModal(() => new Promise<void>((resolve) => (finish = resolve)));
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('data-loading', 'true'));
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(confirm).not.toHaveAttribute('data-loading');
  });

  it('stays open after a failure, ready for another try', async () => {
    const action = vi.fn(() => Promise.reject(new Error('Сервер недоступен')));
    const { onClose, confirm } = renderModal(action);
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).not.toHaveAttribute('data-loading'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(confirm);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('leaves closing to the caller when the action returns no promise', async () => {
    const action = vi.fn();
    const { onClose, confirm } = renderModal(action);
    await userEvent.click(confirm);
    expect(action).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
