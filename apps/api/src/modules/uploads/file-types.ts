/** What customers may upload: scans, photos and Word/PDF documents. Checked by extension, declared type and content. */
export const ALLOWED_FILE_TYPES = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  heic: ['image/heic', 'image/heif'],
  heif: ['image/heif', 'image/heic'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  rtf: ['application/rtf', 'text/rtf'],
  odt: ['application/vnd.oasis.opendocument.text'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
} as const satisfies Record<string, readonly string[]>;

export type AllowedExtension = keyof typeof ALLOWED_FILE_TYPES;

export function extensionOf(fileName: string): AllowedExtension | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension && extension in ALLOWED_FILE_TYPES ? (extension as AllowedExtension) : null;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, i) => head[offset + i] === byte);

/** Magic bytes of the first chunk match the extension (a renamed .exe is not a PDF). */
export function contentMatches(extension: AllowedExtension, head: Buffer): boolean {
  switch (extension) {
    case 'pdf':
      return startsWith(head, [0x25, 0x50, 0x44, 0x46]);
    case 'jpg':
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'heic':
    case 'heif':
      return head.subarray(4, 8).toString('latin1') === 'ftyp';
    case 'doc':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'docx':
    case 'odt':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case 'rtf':
      return head.subarray(0, 5).toString('latin1') === '{\\rtf';
    case 'tif':
    case 'tiff':
      return startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
  }
}
