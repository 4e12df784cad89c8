import { MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { getErrorToasts } from './notify';

describe('error toasts', () => {
  it('shows an API error as "Ошибка" with its message', () => {
    const error = new ApiError(MESSAGES.invalidCredentials, { kind: 'http', status: 401 });
    expect(getErrorToasts(error)).toEqual([
      { kind: 'error', title: 'Ошибка', message: MESSAGES.invalidCredentials },
    ]);
  });

  it('shows each validation message as a warning', () => {
    const error = new ApiError(MESSAGES.validationFailed, {
      kind: 'http',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'email', message: MESSAGES.invalidEmail },
        { path: 'phone', message: MESSAGES.invalidPhone },
      ],
    });
    expect(getErrorToasts(error)).toEqual([
      { kind: 'warning', message: MESSAGES.invalidEmail },
      { kind: 'warning', message: MESSAGES.invalidPhone },
    ]);
  });

  it('shows other errors as "Ошибка" with the message and ignores cancelled requests', () => {
    expect(getErrorToasts(new Error(MESSAGES.verifyEmailMissing))).toEqual([
      { kind: 'error', title: 'Ошибка', message: MESSAGES.verifyEmailMissing },
    ]);
    expect(getErrorToasts(new ApiError(MESSAGES.requestAborted, { kind: 'aborted' }))).toEqual([]);
  });
});
