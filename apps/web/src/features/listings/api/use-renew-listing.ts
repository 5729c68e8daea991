import type { Listing } from '@gardenswap/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeListing } from './listing-cache';
import { listingKeys } from '../../../lib/query-keys';

/** POST /listings/{id}/renew: "still available"; a paused listing is active again. */
export const renewListing = (id: number) => api<Listing>(`/listings/${id}/renew`, { method: 'POST' });

export function useRenewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewListing,
    onSuccess: (listing) => {
      storeListing(queryClient, listing);
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}
