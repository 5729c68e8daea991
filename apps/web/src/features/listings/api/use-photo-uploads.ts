import type { Listing } from '@gardenswap/shared/listings';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import type { PhotoItem } from '../components/photo-items';
import { storeListing } from './listing-cache';
import { listingKeys } from '../../../lib/query-keys';
import { deleteListingPhoto, orderListingPhotos, uploadListingPhoto } from './listing-photos';

/**
 * The photos of the post and edit forms, and how they reach a stored listing: `sync` deletes the
 * ones removed, uploads each new one in its own request (its own progress bar, its own error),
 * then sends the order. A failed upload keeps its file, so `sync` again retries only what failed.
 */
export function usePhotoUploads(initial: PhotoItem[]) {
  const queryClient = useQueryClient();
  const [items, setItemsState] = useState(initial);
  const current = useRef(items);
  // The photo ids the server holds for the listing, as far as this form knows.
  const onServer = useRef(initial.flatMap((i) => (i.photoId ? [i.photoId] : [])));

  const setItems = (next: PhotoItem[]) => {
    current.current = next;
    setItemsState(next);
  };
  const addItems = (added: PhotoItem[]) => setItems([...current.current, ...added]);
  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems(current.current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  /** Brings the listing's photos in line with the form; true when every photo went through. */
  async function sync(listingId: number): Promise<boolean> {
    let latest: Listing | undefined;
    const kept = new Set(current.current.map((i) => i.photoId));
    for (const id of onServer.current.filter((id) => !kept.has(id))) {
      latest = await deleteListingPhoto(listingId, id);
      onServer.current = onServer.current.filter((other) => other !== id);
    }
    let ok = true;
    for (const item of current.current.filter((i) => i.photoId === undefined && i.file)) {
      update(item.key, { progress: 0, error: undefined });
      try {
        latest = await uploadListingPhoto(listingId, item.file!, (progress) => update(item.key, { progress }));
        const added = latest.photos?.at(-1)?.id;
        if (added) onServer.current = [...onServer.current, added];
        update(item.key, { photoId: added, progress: 1 });
      } catch (error) {
        ok = false;
        update(item.key, { error: errorText(error, 'The photo could not be uploaded.'), progress: undefined });
      }
    }
    const order = current.current.flatMap((i) => (i.photoId ? [i.photoId] : []));
    if (ok && order.length && order.join() !== onServer.current.join()) {
      latest = await orderListingPhotos(listingId, order);
      onServer.current = order;
    }
    if (latest) storeListing(queryClient, latest);
    void queryClient.invalidateQueries({ queryKey: listingKeys.detail(listingId) });
    void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    return ok;
  }

  return { items, setItems, addItems, sync };
}
