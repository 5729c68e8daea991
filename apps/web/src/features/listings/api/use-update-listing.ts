import type { Listing, UpdateListingInput } from '@gardenswap/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeListing } from './listing-cache';
import { listingKeys } from '../../../lib/query-keys';

/** PATCH /listings/{id} with only the fields the server applies. */
export const updateListing = (id: number, changes: UpdateListingInput) =>
  api<Listing>(`/listings/${id}`, { method: 'PATCH', json: changes });

export function useUpdateListing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateListingInput) => updateListing(id, changes),
    onSuccess: (listing) => {
      storeListing(queryClient, listing);
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}
