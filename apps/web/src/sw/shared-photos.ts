import { createStore, del, get, set } from 'idb-keyval';

// Photos shared into the installed app from another one (the gallery's Share): the service worker
// receives them (sw/share-target.ts) and keeps them here; the post form takes them.

/** Photos not taken within this long (the member never got to the form) are not offered any more. */
export const SHARED_PHOTOS_TTL_MS = 60 * 60 * 1000;

interface KeptPhoto {
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

// Bytes rather than File objects: every IndexedDB keeps an ArrayBuffer the same way.
const store = createStore('gardenswap-shared', 'photos');
const KEY = 'latest';

/** Keeps the images of one share for the form, replacing an earlier share never taken. */
export async function keepSharedPhotos(files: File[], now = Date.now()): Promise<void> {
  const photos: KeptPhoto[] = [];
  for (const file of files) {
    if (file.type.startsWith('image/') && file.size > 0)
      photos.push({ name: file.name, type: file.type, bytes: await file.arrayBuffer() });
  }
  await set(KEY, { at: now, photos }, store);
}

/**
 * The photos of the last share, once: taking them removes them from the device. Undefined when
 * there was no share (or it is too old); an empty list when one arrived with no image in it.
 */
export async function takeSharedPhotos(now = Date.now()): Promise<File[] | undefined> {
  const kept = await get<{ at: number; photos: KeptPhoto[] }>(KEY, store);
  if (!kept) return undefined;
  await del(KEY, store);
  if (now - kept.at > SHARED_PHOTOS_TTL_MS) return undefined;
  return kept.photos.map((photo) => new File([photo.bytes], photo.name, { type: photo.type }));
}
