import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const readOnline = () => navigator.onLine;
const readOnlineOnServer = () => true;

/** navigator.onLine, kept current by the online/offline events. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, readOnline, readOnlineOnServer);
}
