import type { Listing } from '@gardenswap/shared/listings';
import { api, apiUpload, newIdempotencyKey } from '../../../lib/api-client';

/** One Idempotency-Key per photo picked: uploading the same file again is a retry, not a second photo. */
const uploadKeys = new WeakMap<File, string>();
const keyFor = (image: File) => {
  const key = uploadKeys.get(image) ?? newIdempotencyKey();
  uploadKeys.set(image, key);
  return key;
};

/** POST /listings/{id}/photos: one photo, added last, with upload progress 0..1. */
export const uploadListingPhoto = (id: number, image: File, onProgress?: (fraction: number) => void) => {
  const form = new FormData();
  form.append('image', image);
  return apiUpload<Listing>(`/listings/${id}/photos`, form, { onProgress, idempotencyKey: keyFor(image) });
};

/** DELETE /listings/{id}/photos/{photoId}: the photo and its files go. */
export const deleteListingPhoto = (id: number, photoId: number) =>
  api<Listing>(`/listings/${id}/photos/${photoId}`, { method: 'DELETE' });

/** PUT /listings/{id}/photos/order: every photo once, the cover first. */
export const orderListingPhotos = (id: number, photoIds: number[]) =>
  api<Listing>(`/listings/${id}/photos/order`, { method: 'PUT', json: { photo_ids: photoIds } });
