import type { Listing } from '@gardenswap/shared/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { patchListing, storeListing } from './listing-cache';
import { listingKeys } from '../../../lib/query-keys';

export interface VisibilityChange {
  id: number;
  is_public: boolean;
}

/**
 * PATCH /listings/{id}/visibility. The switch moves at once; if the server refuses, every
 * cached copy of that listing goes back, so the screen never shows a state that was not saved.
 * Only that listing is put back: another toggle in flight keeps its own change.
 */
export function useListingVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_public }: VisibilityChange) =>
      api<Listing>(`/listings/${id}/visibility`, { method: 'PATCH', json: { is_public } }),
    onMutate: async ({ id, is_public }) => {
      // A reload landing after the switch moved would move it back for a moment.
      await queryClient.cancelQueries({ queryKey: listingKeys.all });
      patchListing(queryClient, id, (listing) => ({ ...listing, is_public }));
    },
    onError: (_error, { id, is_public }) =>
      patchListing(queryClient, id, (listing) => ({ ...listing, is_public: !is_public })),
    onSuccess: (listing) => storeListing(queryClient, listing),
    // The spec reloads the list after a toggle: other pages may have moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.lists() }),
  });
}
