import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Files on local disk outside the web root, under generated names (never the uploader's name). */
export type FileStorage = {
  save(stream: Readable, extension: string): Promise<{ storedName: string; size: number }>;
  /** The file, or the bytes `start`..`end` (inclusive) of it. */
  open(storedName: string, range?: { start: number; end: number }): Readable;
  remove(storedName: string): Promise<void>;
};

export function createLocalStorage(root: string): FileStorage {
  const resolved = path.resolve(root);
  const pathOf = (storedName: string) => {
    if (!/^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/.test(storedName)) throw new Error('bad stored file name');
    return path.join(resolved, storedName.slice(0, 2), storedName);
  };
  return {
    async save(stream, extension) {
      const storedName = `${randomUUID()}.${extension}`;
      const target = pathOf(storedName);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(stream, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return { storedName, size: (await stat(target)).size };
    },
    open(storedName, range) {
      return createReadStream(pathOf(storedName), range);
    },
    async remove(storedName) {
      await rm(pathOf(storedName), { force: true });
    },
  };
}
