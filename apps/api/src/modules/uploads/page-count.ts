import { inflateRawSync } from 'node:zlib';
import { type FilePageCount, pagesFromCharacters } from '@app/contracts';
import { type AllowedExtension, centralDirectoryRange, ZIP_TAIL_BYTES } from './file-types.ts';
import { loadPdfJs } from './pdfjs.ts';

// The instant quote (decision 039): pages and characters of an uploaded file, counted at upload. Bounded: a
// time limit, a page limit for reading PDF text, a size limit for unpacked Word/ODT text; whatever goes wrong
// answers `uncounted` («не удалось посчитать»), never an error for the upload.

export const PAGE_COUNT_LIMITS = {
  /** The whole count of one file; past it the file is `uncounted`. */
  timeoutMs: 10_000,
  /** PDF text is read from this many pages at most; a longer PDF is quoted by its pages. */
  maxPdfTextPages: 100,
  /** Unpacked XML of a .docx/.odt body read for its text (a zip bomb stops here). */
  maxUnpackedBytes: 30 * 1024 * 1024,
  /** Fewer characters than this in a PDF is a scan with stray text: quoted by pages. */
  minTextCharacters: 100,
} as const;

const UNCOUNTED: FilePageCount = { status: 'uncounted' };
const IMAGE_EXTENSIONS: readonly AllowedExtension[] = ['jpg', 'jpeg', 'png', 'heic', 'heif', 'tif', 'tiff'];

/** Characters with spaces as a translator counts them: runs of whitespace are one space, ends trimmed. */
export function countCharacters(text: string): number {
  const normalised = text.replace(/\s+/gu, ' ').trim();
  let count = 0;
  for (const _ of normalised) count += 1;
  return count;
}

class CountAborted extends Error {}

async function countPdf(data: Buffer, isAborted: () => boolean): Promise<FilePageCount> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const pages = pdf.numPages;
    if (pages < 1) return UNCOUNTED;
    if (pages > PAGE_COUNT_LIMITS.maxPdfTextPages) return { status: 'counted', pages, characters: null };
    const texts: string[] = [];
    for (let index = 1; index <= pages; index += 1) {
      if (isAborted()) throw new CountAborted();
      const page = await pdf.getPage(index);
      const content = await page.getTextContent();
      texts.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join(''),
      );
      page.cleanup();
    }
    const characters = countCharacters(texts.join(' '));
    return {
      status: 'counted',
      pages,
      characters: characters >= PAGE_COUNT_LIMITS.minTextCharacters ? characters : null,
    };
  } finally {
    await task.destroy();
  }
}

type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

function zipEntries(data: Buffer): ZipEntry[] {
  const tail = data.subarray(Math.max(0, data.length - ZIP_TAIL_BYTES));
  const range = centralDirectoryRange(tail, data.length);
  if (!range) return [];
  const directory = data.subarray(range.start, range.start + range.length);
  const entries: ZipEntry[] = [];
  let offset = 0;
  while (offset + 46 <= directory.length && directory.readUInt32LE(offset) === 0x02014b50) {
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    entries.push({
      method: directory.readUInt16LE(offset + 10),
      compressedSize: directory.readUInt32LE(offset + 20),
      size: directory.readUInt32LE(offset + 24),
      localOffset: directory.readUInt32LE(offset + 42),
      name: directory.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry of a zip, unpacked (stored or deflated), at most `maxUnpackedBytes`; null when absent or unreadable. */
function readZipEntry(data: Buffer, entries: ZipEntry[], name: string): string | null {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry || entry.size > PAGE_COUNT_LIMITS.maxUnpackedBytes) return null;
  const local = entry.localOffset;
  if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) return null;
  const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
  const packed = data.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return packed.toString('utf8');
  if (entry.method !== 8) return null;
  return inflateRawSync(packed, { maxOutputLength: PAGE_COUNT_LIMITS.maxUnpackedBytes }).toString('utf8');
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return XML_ENTITIES[code] ?? whole;
  });
}

/** A positive whole number from a document property, or null. */
function positiveInt(value: string | undefined): number | null {
  const parsed = value === undefined ? NaN : Number.parseInt(value, 10);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;
}

function countDocx(data: Buffer): FilePageCount {
  const entries = zipEntries(data);
  const body = readZipEntry(data, entries, 'word/document.xml');
  if (body === null) return UNCOUNTED;
  // Text runs, tabs as spaces; paragraphs apart by a space (Word's «characters with spaces» counts no marks).
  const text = body
    .replace(/<w:tab\/>/gu, '<w:t> </w:t>')
    .replace(/<\/w:p>/gu, '<w:t> </w:t>')
    .match(/<w:t(?:\s[^>]*)?>[^<]*<\/w:t>/gu)
    ?.map((run) => decodeXml(run.replace(/<[^>]+>/gu, '')))
    .join('');
  const characters = countCharacters(text ?? '');
  const properties = readZipEntry(data, entries, 'docProps/app.xml') ?? '';
  const pages =
    positiveInt(/<Pages>(\d+)<\/Pages>/u.exec(properties)?.[1]) ?? pagesFromCharacters(characters);
  return { status: 'counted', pages, characters: characters > 0 ? characters : null };
}

function countOdt(data: Buffer): FilePageCount {
  const entries = zipEntries(data);
  const content = readZipEntry(data, entries, 'content.xml');
  if (content === null) return UNCOUNTED;
  const bodyStart = content.indexOf('<office:body');
  const body = bodyStart >= 0 ? content.slice(bodyStart) : content;
  const text = decodeXml(
    body
      .replace(/<text:(?:s|tab|line-break)(?:\s[^>]*)?\/>/gu, ' ')
      .replace(/<\/text:(?:p|h)>/gu, ' ')
      .replace(/<[^>]+>/gu, ''),
  );
  const characters = countCharacters(text);
  const meta = readZipEntry(data, entries, 'meta.xml') ?? '';
  const pages = positiveInt(/meta:page-count="(\d+)"/u.exec(meta)?.[1]) ?? pagesFromCharacters(characters);
  return { status: 'counted', pages, characters: characters > 0 ? characters : null };
}

/**
 * Pages and characters of one uploaded file: PDF pages and text (pdf.js), a Word/ODT document's text and page
 * count (its zip entries), 1 page for an image. DOC and RTF are not read (`uncounted`); so is a file that
 * fails or runs out of time.
 */
export async function countFilePages(
  extension: AllowedExtension,
  data: Buffer,
  limits: { timeoutMs: number } = PAGE_COUNT_LIMITS,
): Promise<FilePageCount> {
  if (IMAGE_EXTENSIONS.includes(extension)) return { status: 'counted', pages: 1, characters: null };
  let isAborted = false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<FilePageCount>((resolve) => {
    timer = setTimeout(() => {
      isAborted = true;
      resolve(UNCOUNTED);
    }, limits.timeoutMs);
  });
  const count = (async (): Promise<FilePageCount> => {
    switch (extension) {
      case 'pdf':
        return countPdf(data, () => isAborted);
      case 'docx':
        return countDocx(data);
      case 'odt':
        return countOdt(data);
      default:
        return UNCOUNTED;
    }
  })().catch(() => UNCOUNTED);
  try {
    return await Promise.race([count, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
