import {
  PHOTO_CACHE_MEMBER,
  PHOTO_CACHE_PREFIX,
  type PhotoCacheMemberMessage,
  photoCacheName,
} from '../../sw/messages';

/** Tells the service worker whose photos to keep (null: no one's), once it is active. */
export function tellPhotoCache(memberId: number | null) {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const message: PhotoCacheMemberMessage = { type: PHOTO_CACHE_MEMBER, memberId };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message)).catch(() => {});
}

/**
 * Deletes every member's photo cache but `keep`'s from the page itself when no service worker is
 * running; a running one deletes them when told, with its records of them.
 */
export async function forgetPhotos(keep: number | null) {
  if (typeof caches === 'undefined') return;
  const worker = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (worker?.active) return;
  const kept = keep === null ? undefined : photoCacheName(keep);
  const names = (await caches.keys()).filter((name) => name.startsWith(PHOTO_CACHE_PREFIX) && name !== kept);
  await Promise.all(names.map((name) => caches.delete(name)));
}
