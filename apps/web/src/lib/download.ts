import { apiRequest, type DownloadedFile } from './api-client';

/** Hands a blob to the browser as a download (object URL on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads need the bearer token, so a plain link cannot do: fetch as a blob, then save it. */
export async function downloadApiFile(path: string, fallbackName: string): Promise<DownloadedFile> {
  const file = await apiRequest<DownloadedFile>(path, { responseType: 'blob', timeoutMs: 120_000 });
  saveBlob(file.blob, file.fileName ?? fallbackName);
  return file;
}
