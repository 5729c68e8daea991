import type { Listing } from '@gardenswap/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client';
import { storeListing } from './listing-cache';
import { listingKeys } from './listing-keys';

/** PUT /listings/{id}/image: the new photo in `image`, with upload progress 0..1. */
export const replaceListingImage = (id: number, image: File, onProgress?: (fraction: number) => void) => {
  const form = new FormData();
  form.append('image', image);
  return apiUpload<Listing>(`/listings/${id}/image`, form, { method: 'PUT', onProgress });
};

/** DELETE /listings/{id}/image: the listing keeps everything else. */
export const removeListingImage = (id: number) => api<Listing>(`/listings/${id}/image`, { method: 'DELETE' });

export function useReplaceListingImage(id: number, onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: File) => replaceListingImage(id, image, onProgress),
    onSuccess: (listing) => {
      storeListing(queryClient, listing);
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}

export function useRemoveListingImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeListingImage(id),
    onSuccess: (listing) => {
      storeListing(queryClient, listing);
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}
