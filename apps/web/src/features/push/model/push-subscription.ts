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
 * Why the switch cannot be (or was not) turned on, shown under it (issue 16; the spec's "only logged" was the
 * console, the person at the switch was left guessing):
 * - `unsupported`: no service worker, PushManager or Notification in this browser;
 * - `denied`: notifications are blocked for the site (only the browser's settings can change that);
 * - `dismissed`: the permission prompt was closed without an answer;
 * - `no-worker`: the site's service worker did not start;
 * - `not-configured`: the server gave no VAPID key (push is not set up there);
 * - `browser-refused`: the browser's push service refused the subscription.
 */
export type PushUnavailableReason =
  'unsupported' | 'denied' | 'dismissed' | 'no-worker' | 'not-configured' | 'browser-refused';

/** What is known before anyone touches the switch: `null` when it may be turned on. */
export function getPushBlocker(): Extract<PushUnavailableReason, 'unsupported' | 'denied'> | null {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : null;
}

/**
 * - `subscribed`: the browser subscription is stored on the server;
 * - a reason: unsupported, declined, not configured, or the browser's push service refused (logged as well);
 * - a rejected promise: the server did not take the subscription (the caller shows the catalogue message).
 */
export type EnablePushResult = 'subscribed' | PushUnavailableReason;

export class PushServerError extends Error {}

export async function enablePush(): Promise<EnablePushResult> {
  const blocker = getPushBlocker();
  if (blocker) {
    console.info(`[push] ${blocker}`);
    return blocker;
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.info(`[push] permission ${permission}`);
    return permission === 'denied' ? 'denied' : 'dismissed';
  }
  let publicKey: string;
  try {
    ({ publicKey } = await api.get<{ publicKey: string }>('/notifications/vapid-public-key', {
      auth: 'none',
    }));
  } catch (error) {
    console.info('[push] the server gave no VAPID key', error);
    return 'not-configured';
  }
  const registration = await getRegistration();
  if (!registration) {
    console.info('[push] no service worker registration');
    return 'no-worker';
  }
  let subscription: PushSubscription;
  try {
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToUint8Array(publicKey),
      }));
  } catch (error) {
    console.info('[push] the browser could not subscribe', error);
    return 'browser-refused';
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
