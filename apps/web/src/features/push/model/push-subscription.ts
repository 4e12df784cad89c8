import { api } from '@/lib/api-client';

/** The VAPID public key comes base64url-encoded; PushManager wants the raw bytes. */
export function urlBase64ToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const padded = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`;
  const base64 = padded.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

const SERVICE_WORKER_WAIT_MS = 10_000;

async function getRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function getCurrentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * - `subscribed`: the browser subscription is stored on the server;
 * - `skipped`: unsupported, declined, or the browser's push service refused — spec 8: only logged;
 * - a rejected promise: the server did not take the subscription (the caller shows the catalogue message).
 */
export type EnablePushResult = 'subscribed' | 'skipped';

export class PushServerError extends Error {}

export async function enablePush(): Promise<EnablePushResult> {
  if (!isPushSupported()) {
    console.info('[push] not supported by this browser');
    return 'skipped';
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.info(`[push] permission ${permission}`);
    return 'skipped';
  }
  const registration = await getRegistration();
  if (!registration) {
    console.info('[push] no service worker registration');
    return 'skipped';
  }
  let subscription: PushSubscription;
  try {
    const { publicKey } = await api.get<{ publicKey: string }>('/notifications/vapid-public-key', {
      auth: 'none',
    });
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToUint8Array(publicKey),
      }));
  } catch (error) {
    console.info('[push] the browser could not subscribe', error);
    return 'skipped';
  }
  try {
    await api.post('/notifications/subscribe', subscription.toJSON(), { area: 'cabinet' });
  } catch (error) {
    console.warn('[push] the server refused the subscription', error);
    throw new PushServerError(error instanceof Error ? error.message : String(error));
  }
  return 'subscribed';
}

export async function disablePush(): Promise<void> {
  const subscription = await getCurrentSubscription();
  await subscription?.unsubscribe();
}
