import type { UploadRow } from './uploads.repository.ts';

/** What the uploader gets back: the id for the order's `files` and the token that proves the upload is theirs. */
export type UploadedFile = { id: string; name: string; size: number; mimeType: string; token: string };

export function toUploadedFile(row: UploadRow, token: string): UploadedFile {
  return { id: row.id, name: row.originalName, size: row.size, mimeType: row.mimeType, token };
}
