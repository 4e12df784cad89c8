import type { FilePageCount } from '@app/contracts';
import type { UploadRow } from './uploads.repository.ts';

/** What the uploader gets back: the id for the order's `files` and the token that proves the upload is theirs. */
export type UploadedFile = {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  token: string;
  quote: FilePageCount;
};

export function toFilePageCount(row: Pick<UploadRow, 'pageCount' | 'characterCount'>): FilePageCount {
  return row.pageCount === null
    ? { status: 'uncounted' }
    : { status: 'counted', pages: row.pageCount, characters: row.characterCount };
}

export function toUploadedFile(row: UploadRow, token: string): UploadedFile {
  return {
    id: row.id,
    name: row.originalName,
    size: row.size,
    mimeType: row.mimeType,
    token,
    quote: toFilePageCount(row),
  };
}
