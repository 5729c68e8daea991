import type { Listing } from '@gardenswap/shared/listings';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiUpload, newIdempotencyKey } from '../../../lib/api-client';
import { type OutboxEntry, addToOutbox, cancelEntry, useOutbox } from '../../../lib/offline/outbox';
import { type OutboxKind, refusalOf } from '../../../lib/offline/outbox-sender';
import { listingKeys } from '../../../lib/query-keys';
import { storeListing } from './listing-cache';
import { type NewListing, postListing } from './use-create-listing';

/** The outbox's name for listings composed offline. */
export const LISTING_KIND = 'listing';

/** A photo kept with its listing: its bytes (already compressed) and its own Idempotency-Key. */
export interface QueuedPhoto {
  name: string;
  type: string;
  bytes: ArrayBuffer;
  key: string;
}

/** A listing kept on the device until it is posted, and how far the posting got. */
export interface QueuedListing {
  fields: Omit<NewListing, 'image'>;
  /** The Idempotency-Key of POST /listings/: a repeat answers the listing made the first time. */
  key: string;
  photos: QueuedPhoto[];
  /** Set once the listing is posted; its photos follow one by one. */
  listing_id?: number;
  photos_sent: number;
}

export type WaitingListing = OutboxEntry<QueuedListing>;

/**
 * Keeps a listing and its photos on the device, posted under `key` when the connection is back
 * (the same key as an attempt that got no answer, so it is made once).
 */
export async function queueListing(memberId: number, listing: NewListing, photos: File[], key: string) {
  // Every field the form gave (a seed lot's details too), but the photo, which is kept as bytes below.
  const { image: _image, ...fields } = listing;
  const kept = await Promise.all(
    photos.map(async (file) => ({
      name: file.name,
      type: file.type,
      // Bytes rather than the File itself: every browser's IndexedDB stores an ArrayBuffer.
      bytes: await file.arrayBuffer(),
      key: newIdempotencyKey(),
    })),
  );
  const payload: QueuedListing = {
    fields,
    key,
    photos: kept,
    photos_sent: 0,
  };
  return addToOutbox(memberId, LISTING_KIND, payload);
}

/** The member's Cancel: false when it is being posted right now. */
export const cancelWaitingListing = (memberId: number, entryId: string) => cancelEntry(memberId, entryId);

const uploadPhoto = (listingId: number, photo: QueuedPhoto) => {
  const form = new FormData();
  form.append('image', new File([photo.bytes], photo.name, { type: photo.type }));
  return apiUpload<Listing>(`/listings/${listingId}/photos`, form, { idempotencyKey: photo.key });
};

/**
 * How the outbox posts a waiting listing: the listing, then each photo in order, every step under
 * its own Idempotency-Key and kept as done, so an interrupted posting resumes without repeating one.
 * A photo the server refuses (not a picture it can read) is left out rather than holding the listing back.
 */
export const listingOutboxKind = (queryClient: QueryClient): OutboxKind<QueuedListing> => ({
  async send(payload, save) {
    let progress = payload;
    let listing: Listing | undefined;
    if (progress.listing_id === undefined) {
      listing = await postListing({ ...progress.fields, image: null }, progress.key);
      progress = { ...progress, listing_id: listing.id };
      await save(progress);
    }
    while (progress.photos_sent < progress.photos.length) {
      try {
        listing = await uploadPhoto(progress.listing_id!, progress.photos[progress.photos_sent]!);
      } catch (error) {
        if (refusalOf(error) === undefined) throw error;
      }
      progress = { ...progress, photos_sent: progress.photos_sent + 1 };
      await save(progress);
    }
    return listing;
  },
  sent: (answer) => {
    if (answer) storeListing(queryClient, answer as Listing);
    void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
  },
});

/** The member's listings kept on this device, oldest first. */
export function useWaitingListings(memberId: number): WaitingListing[] {
  const entries = useOutbox(memberId);
  return useMemo(() => entries.filter((entry): entry is WaitingListing => entry.kind === LISTING_KIND), [entries]);
}
