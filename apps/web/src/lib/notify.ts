import { CORE_MESSAGES } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { isApiError } from './api-client';

/** Spec 8/9: toasts hide after 5 s. */
export const NOTIFICATION_AUTO_CLOSE_MS = 5_000;

export type Toast = { kind: 'error' | 'warning' | 'success' | 'info'; title?: string; message: string };

/**
 * Spec 8: an API error → 'Ошибка' with its message; validation errors (details) → each message as a
 * warning; any other error → 'Ошибка' with its message. A cancelled request shows nothing.
 */
export function getErrorToasts(error: unknown): Toast[] {
  if (isApiError(error)) {
    if (error.kind === 'aborted') return [];
    if (error.details.length > 0) {
      return error.details.map((detail) => ({ kind: 'warning', message: detail.message }));
    }
    return [{ kind: 'error', title: CORE_MESSAGES.errorTitle, message: error.message }];
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return [
    { kind: 'error', title: CORE_MESSAGES.errorTitle, message: message || CORE_MESSAGES.internalError },
  ];
}

const COLOR_BY_KIND: Record<Toast['kind'], string> = {
  error: 'red',
  warning: 'yellow',
  success: 'teal',
  info: 'blue',
};

export function showToast(toast: Toast): void {
  notifications.show({
    color: COLOR_BY_KIND[toast.kind],
    title: toast.title,
    message: toast.message,
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
    'data-testid': `toast-${toast.kind}`,
  });
}

export function showErrorToast(error: unknown): void {
  for (const toast of getErrorToasts(error)) showToast(toast);
}

export function showSuccessToast(message: string): void {
  showToast({ kind: 'success', message });
}
