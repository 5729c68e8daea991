import { type PushPayload, PushPayloadSchema } from '@gardenswap/shared/push';

/** The app's icon beside the text, and the leaves alone where the system shows only a shape. */
export const NOTIFICATION_ICON = '/pwa-192x192.png';
export const NOTIFICATION_BADGE = '/badge-96x96.png';

/** What a notification of ours keeps for the tap: the screen it opens. */
export interface NotificationData {
  url: string;
}

/** The platform's `renotify` (not in TypeScript's DOM types): a replaced notification alerts again. */
type ShownNotification = NotificationOptions & { renotify?: boolean };

/** A push's payload when it is one of ours (the shared schema); anything else is nothing. */
export function readPayload(data: { json(): unknown } | null): PushPayload | undefined {
  if (!data) return undefined;
  let json: unknown;
  try {
    json = data.json();
  } catch {
    return undefined;
  }
  const parsed = PushPayloadSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** The notification a payload shows: one per tag, a newer message of a conversation replacing the last. */
export function notificationOf(payload: PushPayload): ShownNotification {
  const data: NotificationData = { url: payload.url };
  return {
    body: payload.body,
    tag: payload.tag,
    renotify: payload.kind === 'messages',
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    lang: 'en',
    data,
  };
}

/** Shows each push of ours as a notification. */
export function showPushes(worker: ServiceWorkerGlobalScope) {
  worker.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    if (!payload) return;
    event.waitUntil(worker.registration.showNotification(payload.title, notificationOf(payload)));
  });
}
