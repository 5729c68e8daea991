/// <reference lib="webworker" />
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { PHOTO_CACHE_PREFIX, isPhotoCacheMember, photoCacheName } from './messages';

/** How many photos a member's cache holds, and for how long, before the oldest go. */
export const PHOTO_CACHE_LIMITS = { maxEntries: 400, maxAgeSeconds: 7 * 24 * 60 * 60 };

const isPhoto = ({ url, request, sameOrigin }: { url: URL; request: Request; sameOrigin: boolean }) =>
  sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/uploads/');

/**
 * Deletes the photo caches of every member but the one whose cache is `keep`, with the expiry
 * records that name their photos' addresses; `known` adds caches whose records may outlive them.
 */
export async function deleteMemberPhotos(worker: ServiceWorkerGlobalScope, keep?: string, known: string[] = []) {
  const names = new Set([...(await worker.caches.keys()), ...known]);
  for (const name of names) {
    if (!name.startsWith(PHOTO_CACHE_PREFIX) || name === keep) continue;
    await worker.caches.delete(name);
    await new CacheExpiration(name, PHOTO_CACHE_LIMITS).delete();
  }
}

/**
 * Photos (/api/uploads/*) are served from the signed-in member's own cache first, so what they saw
 * shows offline. The page names the member (PHOTO_CACHE_MEMBER) at start and at every sign-in and
 * sign-out; with no one signed in nothing is kept. The member's cache existing is what remembers
 * them, so a restarted worker still knows.
 */
export function cacheMemberPhotos(worker: ServiceWorkerGlobalScope) {
  let member: Promise<string | undefined> | undefined;
  const memberCache = () =>
    (member ??= worker.caches.keys().then((names) => names.find((name) => name.startsWith(PHOTO_CACHE_PREFIX))));
  const strategies = new Map<string, CacheFirst>();
  const strategyFor = (cacheName: string) => {
    let strategy = strategies.get(cacheName);
    if (!strategy) {
      const expiry = new ExpirationPlugin({ ...PHOTO_CACHE_LIMITS, purgeOnQuotaError: true });
      strategy = new CacheFirst({ cacheName, plugins: [expiry] });
      strategies.set(cacheName, strategy);
    }
    return strategy;
  };

  registerRoute(isPhoto, async (options) => {
    const cacheName = await memberCache();
    if (!cacheName) return fetch(options.request);
    return strategyFor(cacheName).handle(options);
  });

  worker.addEventListener('message', (event) => {
    if (!isPhotoCacheMember(event.data)) return;
    const keep = event.data.memberId === null ? undefined : photoCacheName(event.data.memberId);
    const before = member;
    member = Promise.resolve(before)
      .catch(() => undefined)
      .then((current) => deleteMemberPhotos(worker, keep, [...strategies.keys(), ...(current ? [current] : [])]))
      .catch(() => undefined)
      .then(async () => {
        if (keep) await worker.caches.open(keep);
        return keep;
      });
    event.waitUntil(member);
  });
}
