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

/** Bidirectional-text controls that make «invoice\u202Efdp.exe» read as «invoiceexe.pdf». */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/g;

/** The uploader's file name as we keep and show it: no bidi or control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  return name.replace(BIDI_CONTROLS, '').replace(CONTROL_CHARACTERS, '').trim().slice(0, 255);
}

const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP_CENTRAL_FILE_HEADER = 0x02014b50;
/** The end-of-central-directory record is 22 bytes plus a comment of up to 64 KiB: the tail to read. */
export const ZIP_TAIL_BYTES = 22 + 0xffff;

/** Offset of the zip end-of-central-directory record in `tail`, or -1 (searched from the end). */
function findEndOfCentralDirectory(tail: Buffer): number {
  for (let offset = tail.length - 22; offset >= 0; offset -= 1) {
    if (tail.readUInt32LE(offset) === ZIP_END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return -1;
}

/** Whether the tail of a file holds a zip directory (a PDF or image that is also a zip is a polyglot). */
export function hasZipDirectory(tail: Buffer): boolean {
  return findEndOfCentralDirectory(tail) >= 0;
}

/**
 * Where the central directory is, from the tail of a zip of `size` bytes; null when it is not a readable
 * single-disk zip (zip64 and multi-disk archives are not Word documents we accept).
 */
export function centralDirectoryRange(tail: Buffer, size: number): { start: number; length: number } | null {
  const eocd = findEndOfCentralDirectory(tail);
  if (eocd < 0) return null;
  const length = tail.readUInt32LE(eocd + 12);
  const start = tail.readUInt32LE(eocd + 16);
  if (length === 0xffffffff || start === 0xffffffff || start + length > size) return null;
  return { start, length };
}

/** The entry names of a zip central directory (stops at the first malformed record). */
export function zipEntryNames(directory: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 46 <= directory.length && directory.readUInt32LE(offset) === ZIP_CENTRAL_FILE_HEADER) {
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    names.push(directory.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Entries a zip must hold to be the document its extension says (a renamed zip is not a .docx). */
export const REQUIRED_ZIP_ENTRIES: Partial<Record<AllowedExtension, string[]>> = {
  docx: ['[Content_Types].xml', 'word/document.xml'],
  odt: ['mimetype', 'content.xml'],
};

/** PDF ends with %%EOF (allowing trailing whitespace or a little padding). */
export function pdfEndsWell(tail: Buffer): boolean {
  return tail.subarray(Math.max(0, tail.length - 1024)).includes('%%EOF');
}
