import { CORE_MESSAGES, ORDER_LIMITS } from '@app/contracts';

/** What the upload endpoint accepts (apps/api uploads/file-types): documents and images. */
export const ACCEPTED_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'heic',
  'heif',
  'doc',
  'docx',
  'rtf',
  'odt',
  'tif',
  'tiff',
] as const;

export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function getExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The Russian reason a file cannot be sent, or null when it can. */
export function getFileError(file: { name: string; size: number }, otherFilesBytes: number): string | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(getExtension(file.name))) {
    return CORE_MESSAGES.fileTypeNotAllowed;
  }
  if (file.size === 0) return CORE_MESSAGES.fileEmpty;
  if (file.size > ORDER_LIMITS.maxFileBytes) return CORE_MESSAGES.fileTooLarge;
  if (otherFilesBytes + file.size > ORDER_LIMITS.maxOrderFilesBytes) return CORE_MESSAGES.filesTooLarge;
  return null;
}
