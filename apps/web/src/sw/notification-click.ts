import { OPEN_SCREEN, type OpenScreenMessage } from './messages';
import type { NotificationData } from './push';

/** Windows of this site that run the app, not a page the server answers itself (the API's). */
const isAppWindow = (client: WindowClient) => !/^\/(?:api|socket\.io)(?:\/|$)/.test(new URL(client.url).pathname);

/** The screen a notification opens: a path of this site, else the marketplace. */
export function screenOf(data: unknown): string {
  const url = (data as Partial<NotificationData> | null)?.url;
  return typeof url === 'string' && /^\/(?!\/)/.test(url) && !url.includes('\\') ? url : '/listings';
}

/**
 * Brings Gardenswap forward at `path`: the window the member used last, told to show the screen
 * (the page changes it without reloading), or a new window when none is open.
 */
export async function openScreen(worker: ServiceWorkerGlobalScope, path: string) {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // Most recently focused first.
  const open = windows.find(isAppWindow);
  if (!open) {
    await worker.clients.openWindow(new URL(path, worker.location.origin).href);
    return;
  }
  // Focusing needs the tap's permission, which can run out; the screen changes even then.
  const shown = await open.focus().catch(() => open);
  const message: OpenScreenMessage = { type: OPEN_SCREEN, url: path };
  shown.postMessage(message);
}

/** A tapped notification closes and opens its screen. */
export function openTappedScreens(worker: ServiceWorkerGlobalScope) {
  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openScreen(worker, screenOf(event.notification.data)));
  });
}
