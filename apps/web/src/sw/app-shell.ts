import {
  type PrecacheEntry,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** Paths the server answers itself: the API, the live connection, and what the API serves (images, exports). */
const SERVER_PATHS = [/^\/api(?:\/|$)/, /^\/socket\.io(?:\/|$)/];

/**
 * The app shell: every file of this release, cached as it installs and served from there, so a
 * page never mixes chunks of two releases; every page address opens the cached index.html.
 * The API and the live connection always go to the network.
 */
export function serveAppShell(manifest: (string | PrecacheEntry)[]) {
  precacheAndRoute(manifest);
  // Caches of releases before the current precache format.
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));
}
