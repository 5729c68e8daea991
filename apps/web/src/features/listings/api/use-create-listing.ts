import type { Listing } from '@gardenswap/shared/listings';
import type { SeedLot } from '@gardenswap/shared/seed-lots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiUpload, newIdempotencyKey } from '../../../lib/api-client';
import { noteInstallMoment } from '../../../lib/install-prompt';
import { listingKeys } from '../../../lib/query-keys';

/** A listing to post; a seed lot's details only in the seeds category (the form leaves them empty otherwise). */
export interface NewListing extends Partial<SeedLot> {
  title: string;
  description: string;
  price: number;
  type_id: number;
  category_id: number;
  is_public: boolean;
  image: File | null;
}

/** What the form holds, so posting it again after a failure is known for a retry of the same listing. */
const signatureOf = ({ image, ...fields }: NewListing) =>
  JSON.stringify([fields, image && [image.name, image.size, image.lastModified]]);

/** The multipart body of POST /listings/: the listing's fields and an optional `image`. */
function listingForm(input: NewListing): FormData {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('price', String(input.price));
  form.append('type_id', String(input.type_id));
  form.append('category_id', String(input.category_id));
  form.append('is_public', String(input.is_public));
  // The spec's post form always publishes an active listing.
  form.append('is_active', 'true');
  // A seed lot's details as form strings; an empty one is left out (the server keeps it empty).
  const seedLot = [
    ['variety', input.variety],
    ['packed_year', input.packed_year],
    ['pollination', input.pollination],
    ['organic', input.organic],
    ['quantity', input.quantity],
    ['can_mail', input.can_mail],
  ] as const;
  for (const [field, value] of seedLot) if (value !== null && value !== undefined) form.append(field, String(value));
  if (input.image) form.append('image', input.image);
  return form;
}

/** POST /listings/ with the submission's Idempotency-Key, reporting upload progress 0..1. */
export const postListing = (input: NewListing, idempotencyKey: string, onProgress?: (fraction: number) => void) =>
  apiUpload<Listing>('/listings/', listingForm(input), { onProgress, idempotencyKey });

/**
 * POST /listings/ as multipart (fields and an optional `image`), reporting upload progress 0..1.
 * Each submission carries an Idempotency-Key, the same while the form holds the same listing: a
 * post whose answer was lost, sent again, answers the listing it made instead of making another.
 * `submissionKey` tells the key of a listing, so one kept for later (offline) posts under it too.
 */
export function useCreateListing(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  const submission = useRef<{ signature: string; key: string }>(undefined);
  const submissionKey = (input: NewListing) => {
    const signature = signatureOf(input);
    if (submission.current?.signature !== signature) submission.current = { signature, key: newIdempotencyKey() };
    return submission.current.key;
  };
  const mutation = useMutation({
    mutationFn: (input: NewListing) => postListing(input, submissionKey(input), onProgress),
    onSuccess: (listing) => {
      submission.current = undefined;
      noteInstallMoment('listing');
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
  return { ...mutation, submissionKey };
}
