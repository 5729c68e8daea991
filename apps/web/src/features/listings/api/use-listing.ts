import type { Listing } from '@gardenswap/shared/listings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from '../../../lib/query-keys';
import type { ListingsData } from './use-listings';

export const getListing = (id: number, signal?: AbortSignal) => api<Listing>(`/listings/${id}`, { signal });

/**
 * GET /listings/{id}. A listing already seen in a list is shown at once (the spec's card
 * "passes the item along") while the fresh copy loads. `askEachTime`: asked again on opening,
 * however fresh the copy in memory or on the device.
 */
export function useListing(id: number, { askEachTime = false } = {}) {
  const queryClient = useQueryClient();
  return useQuery<Listing, Error, Listing, ReturnType<typeof listingKeys.detail>>({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => getListing(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchOnMount: askEachTime ? 'always' : true,
    placeholderData: () => {
      for (const [, data] of queryClient.getQueriesData<ListingsData>({ queryKey: listingKeys.lists() })) {
        const found = data?.pages.flatMap((p) => p.items).find((l) => l.id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}
