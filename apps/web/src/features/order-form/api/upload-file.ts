import { CORE_MESSAGES } from '@app/contracts';
import type { UploadedFile } from '../model/draft';

export type UploadHandle = { promise: Promise<UploadedFile>; abort: () => void };

function readMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: fall through
  }
  if (xhr.status === 413) return CORE_MESSAGES.fileTooLarge;
  return CORE_MESSAGES.requestFailedWithStatus.replace('{status}', String(xhr.status));
}

/**
 * One file, one request, with upload progress (fetch cannot report it; XMLHttpRequest can).
 * A signed-in customer uploads to /api/upload so the file is theirs; anyone else to /api/upload/public.
 */
export function uploadFile(
  file: File,
  options: { token: string | null; onProgress: (percent: number) => void },
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedFile>((resolve, reject) => {
    xhr.open('POST', options.token ? '/api/upload' : '/api/upload/public');
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.token) xhr.setRequestHeader('Authorization', `Bearer ${options.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as { items: UploadedFile[] };
          const [item] = body.items;
          if (item) {
            options.onProgress(100);
            resolve(item);
            return;
          }
        } catch {
          // handled below
        }
        reject(new Error(CORE_MESSAGES.internalError));
        return;
      }
      reject(new Error(readMessage(xhr)));
    };
    xhr.onerror = () => reject(new Error(CORE_MESSAGES.networkError));
    xhr.onabort = () => reject(new Error(CORE_MESSAGES.requestAborted));
    const body = new FormData();
    body.append('files', file, file.name);
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
