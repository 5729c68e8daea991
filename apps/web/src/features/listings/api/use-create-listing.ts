import type { Listing } from '@gardenswap/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

export interface NewListing {
  title: string;
  description: string;
  price: number;
  type_id: number;
  category_id: number;
  is_public: boolean;
  image: File | null;
}

/** POST /listings/ as multipart (fields and an optional `image`), reporting upload progress 0..1. */
export function useCreateListing(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewListing) => {
      const form = new FormData();
      form.append('title', input.title);
      form.append('description', input.description);
      form.append('price', String(input.price));
      form.append('type_id', String(input.type_id));
      form.append('category_id', String(input.category_id));
      form.append('is_public', String(input.is_public));
      // The spec's post form always publishes an active listing.
      form.append('is_active', 'true');
      if (input.image) form.append('image', input.image);
      return apiUpload<Listing>('/listings/', form, { onProgress });
    },
    onSuccess: (listing) => {
      queryClient.setQueryData(listingKeys.detail(listing.id), listing);
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}
