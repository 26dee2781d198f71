import { api } from '../../lib/api-client';

/**
 * This device's web push opt-in (issue 41 §4, docs/decisions/0214). Loaded with import() from the
 * settings section only: no visitor's page carries it, and the service worker is registered only
 * when someone opts in.
 */

/** Where this device stands: it cannot, the person blocked it, the server offers no push, or off / on. */
export type DeviceState = 'unsupported' | 'blocked' | 'unavailable' | 'off' | 'on';

const WORKER = '/push-sw.js';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** A VAPID public key (base64url, RFC 8292) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a != null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Asks the browser's permission, subscribes with the server's key and tells the server this device's address. */
export async function optIn(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const { publicKey } = await api.get<{ publicKey: string | null }>('/api/push/key');
  if (!publicKey) return 'unavailable';
  const key = keyBytes(publicKey);
  await navigator.serviceWorker.register(WORKER, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the server's keys changed): the push service would refuse our messages.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api.post('/api/push/subscriptions', subscription.toJSON());
  return 'on';
}

/** Tells the server first (so no alert goes to a device that opted out), then drops the browser's subscription. */
export async function optOut(): Promise<DeviceState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api.delete('/api/push/subscriptions', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return deviceState();
}
