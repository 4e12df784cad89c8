import { MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { getFileError } from './files';

describe('getFileError', () => {
  it('names an empty file as empty before it is sent (the server says the same)', () => {
    expect(getFileError({ name: 'скан.pdf', size: 0 }, 0)).toBe(MESSAGES.fileEmpty);
    expect(getFileError({ name: 'скан.exe', size: 0 }, 0)).toBe(MESSAGES.fileTypeNotAllowed);
    expect(getFileError({ name: 'скан.pdf', size: 10 }, 0)).toBeNull();
  });
});
