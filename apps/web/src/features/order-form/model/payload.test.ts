import { describe, expect, it } from 'vitest';
import { createEmptyDraft, parseDraft } from './draft';
import { buildOrderPayload } from './payload';

const FILE = {
  id: '00000000-0000-4000-8000-0000000000f1',
  name: 'скан.pdf',
  size: 1200,
  mimeType: 'application/pdf',
  token: 'upload-token-0123456789abcdef0123',
  quote: { status: 'counted' as const, pages: 1, characters: null },
};

describe('order payload and uploaded files', () => {
  it('sends the upload token of every file next to its id', () => {
    const draft = createEmptyDraft();
    draft.step1.files = [FILE];
    const payload = buildOrderPayload(draft, { validPromoCode: null, attribution: null });
    expect(payload.files).toEqual([FILE.id]);
    expect(payload.fileTokens).toEqual({ [FILE.id]: FILE.token });
  });

  it('drops stored files that have no token (saved before tokens): they must be uploaded again', () => {
    const stored = createEmptyDraft();
    const { token: _token, ...withoutToken } = FILE;
    const raw = JSON.stringify({
      ...stored,
      step1: { ...stored.step1, files: [withoutToken, { ...FILE, id: 'other' }] },
    });
    expect(parseDraft(raw)?.step1.files.map((file) => file.id)).toEqual(['other']);
  });
});
