import { useRef, useState } from 'react';
import { getToken } from '@/lib/session/credentials';
import { uploadFile, type UploadHandle } from '../api/upload-file';
import { getFileError } from '../model/files';
import { useOrderDraftStore } from './use-order-draft';

/** A file in flight or refused; finished files live in the draft (`step1.files`). */
export type PendingUpload = {
  key: string;
  name: string;
  size: number;
  progress: number;
  error: string | null;
};

let sequence = 0;

export function useFileUploads() {
  const store = useOrderDraftStore();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setPending((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const addFiles = (files: readonly File[]) => {
    let bytes =
      store.getDraft().step1.files.reduce((sum, file) => sum + file.size, 0) +
      pending.filter((item) => !item.error).reduce((sum, item) => sum + item.size, 0);
    const token = getToken('cabinet');
    for (const file of files) {
      sequence += 1;
      const key = `upload-${sequence}`;
      const error = getFileError(file, bytes);
      setPending((items) => [...items, { key, name: file.name, size: file.size, progress: 0, error }]);
      if (error) continue;
      bytes += file.size;
      const handle = uploadFile(file, { token, onProgress: (progress) => patch(key, { progress }) });
      handles.current.set(key, handle);
      handle.promise.then(
        (uploaded) => {
          handles.current.delete(key);
          store.update((draft) => ({
            ...draft,
            step1: { ...draft.step1, files: [...draft.step1.files, uploaded] },
          }));
          setPending((items) => items.filter((item) => item.key !== key));
        },
        (reason: unknown) => {
          handles.current.delete(key);
          patch(key, { error: reason instanceof Error ? reason.message : String(reason) });
        },
      );
    }
  };

  const removePending = (key: string) => {
    handles.current.get(key)?.abort();
    handles.current.delete(key);
    setPending((items) => items.filter((item) => item.key !== key));
  };

  const removeUploaded = (id: string) =>
    store.update((draft) => ({
      ...draft,
      step1: { ...draft.step1, files: draft.step1.files.filter((file) => file.id !== id) },
    }));

  return {
    pending,
    addFiles,
    removePending,
    removeUploaded,
    isUploading: pending.some((item) => item.error === null),
  };
}
