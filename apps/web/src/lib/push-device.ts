import type { PushSubscriptionInput } from '@gardenswap/shared/push';
import { api } from './api-client';

/** Which member turned on notifications in this browser: a subscription belongs to them only. */
const OWNER = 'gardenswap.pushMember';

/** Whether this browser can receive pushes at all (iOS Safari can only as an installed app). */
export const pushSupported = () =>
  'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

/** This browser's push subscription for Gardenswap, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Hands this browser's subscription to the server, for the session signed in now. */
export function saveSubscription(subscription: PushSubscription, memberId: number) {
  localStorage.setItem(OWNER, String(memberId));
  return api<void>('/push/subscriptions', {
    method: 'POST',
    json: subscription.toJSON() as PushSubscriptionInput,
  });
}

/**
 * Stops pushes to this browser (signing out, leaving, another member signing in): the browser
 * forgets its subscription; the server drops its copy with the session. Never holds up the caller
 * for long, nor fails it: the push service may be out of reach.
 */
export async function dropPushSubscription(): Promise<void> {
  localStorage.removeItem(OWNER);
  const unsubscribed = currentPushSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
  await Promise.race([unsubscribed, new Promise((resolve) => setTimeout(resolve, 3_000))]);
}

/**
 * On signing in: a subscription another member made here is dropped (their notifications must not
 * show to this one); the member's own, kept from an earlier session, goes to the new session.
 */
export async function reclaimPushSubscription(memberId: number) {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return localStorage.removeItem(OWNER);
  if (localStorage.getItem(OWNER) !== String(memberId)) return dropPushSubscription();
  await saveSubscription(subscription, memberId).catch(() => undefined);
}
