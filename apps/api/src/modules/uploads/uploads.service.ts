import type { Readable } from 'node:stream';
import { MESSAGES, ORDER_LIMITS } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { AppError, assertCleanText } from '../../lib/errors.ts';
import type { FileStorage } from '../../providers/storage.ts';
import { ALLOWED_FILE_TYPES, contentMatches, extensionOf } from './file-types.ts';

export type UploadedFile = { id: string; name: string; size: number; mimeType: string };
export type IncomingFile = { filename: string; mimetype: string; file: Readable & { truncated?: boolean } };

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function readHead(storedName: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of storage.open(storedName)) {
      chunks.push(chunk as Buffer);
      if (Buffer.concat(chunks).length >= 16) break;
    }
    return Buffer.concat(chunks).subarray(0, 16);
  }

  return {
    /**
     * Stores every file of one multipart request, or none: a file of a type we do not accept, with content
     * that does not match its extension, or over the size limit rejects the whole request.
     */
    async saveAll(files: AsyncIterable<IncomingFile>, ownerUserId: string | null): Promise<UploadedFile[]> {
      const saved: Array<{ storedName: string; size: number; name: string; mimeType: string }> = [];
      const discard = () => Promise.all(saved.map((file) => storage.remove(file.storedName)));
      try {
        for await (const part of files) {
          try {
            assertCleanText(part.filename, 'files.filename');
          } catch (error) {
            part.file.resume();
            throw error;
          }
          const extension = extensionOf(part.filename);
          const allowedTypes: readonly string[] | undefined = extension
            ? ALLOWED_FILE_TYPES[extension]
            : undefined;
          if (!extension || !allowedTypes) {
            part.file.resume();
            throw new AppError('BAD_REQUEST', MESSAGES.fileTypeNotAllowed);
          }
          const stored = await storage.save(part.file, extension);
          saved.push({ ...stored, name: part.filename.slice(0, 255), mimeType: allowedTypes[0]! });
          if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
          if (!contentMatches(extension, await readHead(stored.storedName))) {
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
      const rows = await db
        .insert(uploads)
        .values(
          saved.map((file) => ({
            originalName: file.name,
            storedName: file.storedName,
            size: file.size,
            mimeType: file.mimeType,
            userId: ownerUserId,
          })),
        )
        .returning();
      return rows.map((row) => ({
        id: row.id,
        name: row.originalName,
        size: row.size,
        mimeType: row.mimeType,
      }));
    },
  };
}
