import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type FilePageCount, MESSAGES, ORDER_LIMITS } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { JobResult } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, assertCleanText } from '../../lib/errors.ts';
import type { FileStorage } from '../../providers/storage.ts';
import { countFilePages } from './page-count.ts';
import { toUploadedFile, type UploadedFile } from './uploads.mapper.ts';
import type { UploadsRepository } from './uploads.repository.ts';
import {
  ALLOWED_FILE_TYPES,
  type AllowedExtension,
  centralDirectoryRange,
  cleanFileName,
  contentMatches,
  extensionOf,
  hasZipDirectory,
  pdfEndsWell,
  REQUIRED_ZIP_ENTRIES,
  ZIP_TAIL_BYTES,
  zipEntryNames,
} from './file-types.ts';

/** A part of the multipart request (@fastify/multipart `request.parts()`): a file or a plain field. */
export type IncomingPart =
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      mimetype: string;
      file: Readable & { truncated?: boolean };
    }
  | { type: 'field'; fieldname: string };
export type UploadsService = ReturnType<typeof createUploadsService>;
/** A file that passed the upload rules and is in storage, not yet recorded in any table. */
export type StoredFile = {
  storedName: string;
  size: number;
  name: string;
  mimeType: string;
  extension: AllowedExtension;
};

/** A file not attached to an order within this time is removed (remove-unattached-uploads, decision 022). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 3600 * 1000;

/** Upload tokens are random (192 bits): a plain SHA-256 is enough to keep them unusable if the table leaks. */
export const hashUploadToken = (token: string) => createHash('sha256').update(token).digest('hex');

const pageCountColumns = (count: FilePageCount) =>
  count.status === 'counted'
    ? { pageCount: count.pages, characterCount: count.characters }
    : { pageCount: null, characterCount: null };

export function createUploadsService(deps: {
  db: Db;
  repo: UploadsRepository;
  storage: FileStorage;
  clock: Clock;
}) {
  const { db, repo, storage, clock } = deps;

  async function read(storedName: string, start: number, end: number): Promise<Buffer> {
    if (end < start) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of storage.open(storedName, { start, end })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * Beyond the first bytes, where it is cheap: a .docx/.odt is a zip holding the entries of its format (a
   * renamed zip is not), and no other type carries a zip directory at its end (a PDF or image that is also
   * a zip is a polyglot); a PDF ends with %%EOF.
   */
  async function structureMatches(
    extension: AllowedExtension,
    storedName: string,
    size: number,
  ): Promise<boolean> {
    const tail = await read(storedName, Math.max(0, size - ZIP_TAIL_BYTES), size - 1);
    const required = REQUIRED_ZIP_ENTRIES[extension];
    if (required) {
      const range = centralDirectoryRange(tail, size);
      if (!range) return false;
      const names = zipEntryNames(await read(storedName, range.start, range.start + range.length - 1));
      return required.every((name) => names.includes(name));
    }
    if (hasZipDirectory(tail)) return false;
    return extension !== 'pdf' || pdfEndsWell(tail);
  }

  /**
   * Stores every file of one multipart request, or none: a part other than a `files` file, a file of a type
   * we do not accept, with content that does not match its extension, or over the size limit rejects the
   * whole request (the files stored so far are removed). The caller records the stored files.
   */
  async function storeFiles(parts: AsyncIterable<IncomingPart>): Promise<StoredFile[]> {
    const saved: StoredFile[] = [];
    const discard = () => Promise.all(saved.map((file) => storage.remove(file.storedName)));
    try {
      for await (const part of parts) {
        if (part.type !== 'file' || part.fieldname !== 'files') {
          if (part.type === 'file') part.file.resume();
          throw new AppError('BAD_REQUEST', MESSAGES.fileFieldNotAllowed);
        }
        // Control characters are refused like in any other text (decision 021); bidi marks are dropped.
        try {
          assertCleanText(part.filename, 'files.filename');
        } catch (error) {
          part.file.resume();
          throw error;
        }
        const name = cleanFileName(part.filename);
        const extension = extensionOf(name);
        const allowedTypes: readonly string[] | undefined = extension
          ? ALLOWED_FILE_TYPES[extension]
          : undefined;
        if (!extension || !allowedTypes) {
          part.file.resume();
          throw new AppError('BAD_REQUEST', MESSAGES.fileTypeNotAllowed);
        }
        const stored = await storage.save(part.file, extension);
        saved.push({ ...stored, name, mimeType: allowedTypes[0]!, extension });
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
        if (stored.size === 0) throw new AppError('BAD_REQUEST', MESSAGES.fileEmpty);
        if (
          !contentMatches(extension, await read(stored.storedName, 0, 15)) ||
          !(await structureMatches(extension, stored.storedName, stored.size))
        ) {
          throw new AppError('BAD_REQUEST', MESSAGES.fileTypeNotAllowed);
        }
      }
      if (saved.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.noFiles);
      if (saved.reduce((sum, file) => sum + file.size, 0) > ORDER_LIMITS.maxOrderFilesBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.filesTooLarge);
      }
    } catch (error) {
      await discard();
      throw error;
    }
    return saved;
  }

  return {
    storeFiles,

    /** Removes stored files whose rows were not recorded after all (the caller's insert failed). */
    async removeStored(files: readonly StoredFile[]): Promise<void> {
      await Promise.all(files.map((file) => storage.remove(file.storedName)));
    },

    /**
     * Stores the files of one upload request (all or none, `storeFiles`). Each file answers a token the order
     * must present (a signed-in uploader's files are also bound to them).
     */
    async saveAll(parts: AsyncIterable<IncomingPart>, ownerUserId: string | null): Promise<UploadedFile[]> {
      const saved = await storeFiles(parts);
      // The instant quote: one file at a time (each bounded in time and size), after every check passed.
      const counts: FilePageCount[] = [];
      for (const file of saved) {
        counts.push(await countFilePages(file.extension, await read(file.storedName, 0, file.size - 1)));
      }
      const tokens = saved.map(() => randomBytes(24).toString('base64url'));
      const rows = await repo.insertMany(
        db,
        saved.map((file, index) => ({
          ...pageCountColumns(counts[index]!),
          originalName: file.name,
          storedName: file.storedName,
          size: file.size,
          mimeType: file.mimeType,
          userId: ownerUserId,
          tokenHash: hashUploadToken(tokens[index]!),
          createdAt: clock.now(),
        })),
      );
      return rows.map((row, index) => toUploadedFile(row, tokens[index]!));
    },

    /** `remove-unattached-uploads`: files no order took within a day are deleted, rows and stored files. */
    async removeUnattached(): Promise<JobResult> {
      const cutoff = new Date(clock.now().getTime() - UNATTACHED_UPLOAD_TTL_MS);
      // Attaching is `UPDATE … WHERE order_id IS NULL`: a row is either attached or deleted, never both.
      const removed = await repo.deleteUnattachedBefore(db, cutoff);
      for (const storedName of removed) await storage.remove(storedName);
      return { summary: `Удалено файлов без заказа: ${removed.length}`, removed: removed.length };
    },
  };
}
