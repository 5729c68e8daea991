import { currentPushSubscription, pushSupported, saveSubscription } from '../../../lib/push-device';
import { needsHomeScreen } from '../../../lib/platform';

/**
 * What this browser can do about pushes: nothing (an old browser), nothing until Gardenswap is
 * added to the Home Screen (iOS), nothing because the member blocked notifications, or subscribe.
 */
export type DeviceState = 'unsupported' | 'needs-home-screen' | 'denied' | 'ready';

export function deviceState(): DeviceState {
  if (!pushSupported()) return needsHomeScreen() ? 'needs-home-screen' : 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

/** Why turning pushes on for this device stopped: the member said no (or closed the question), or a step failed. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'denied' | 'dismissed' | 'subscribe' | 'save') {
    super(`Push setup stopped: ${reason}`);
  }
}

/** The registration once the service worker is up; a page opened a moment ago may still be registering it. */
function readyRegistration(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('No service worker')), 10_000)),
  ]);
}

/** The server's key as the bytes `pushManager.subscribe` takes (it arrives base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Subscribes this browser and hands the subscription to the server, for the session signed in now:
 * asks the member's permission, then the push service, then POST /push/subscriptions. A subscription
 * made with an older server key (the operator rotated it) is replaced.
 */
export async function subscribeThisDevice(publicKey: string, memberId: number): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(permission === 'denied' ? 'denied' : 'dismissed');
  let subscription: PushSubscription;
  try {
    const key = keyBytes(publicKey);
    const { pushManager } = await readyRegistration();
    const existing = await pushManager.getSubscription();
    if (existing && sameBytes(existing.options.applicationServerKey, key)) subscription = existing;
    else {
      await existing?.unsubscribe();
      subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    }
  } catch {
    throw new PushSetupError('subscribe');
  }
  try {
    await saveSubscription(subscription, memberId);
  } catch {
    // Not known to the server, so of no use: the next attempt starts over.
    await subscription.unsubscribe().catch(() => undefined);
    throw new PushSetupError('save');
  }
}

/**
 * Whether this browser receives pushes from this server: it holds a subscription made with the
 * server's current key (one made with a rotated-out key reaches nobody).
 */
export async function deviceSubscribed(publicKey: string): Promise<boolean> {
  const subscription = await currentPushSubscription().catch(() => null);
  return !!subscription && sameBytes(subscription.options.applicationServerKey, keyBytes(publicKey));
}
