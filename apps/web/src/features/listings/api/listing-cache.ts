import type { Listing } from '@gardenswap/shared/listings';
import type { QueryClient } from '@tanstack/react-query';
import { listingKeys } from '../../../lib/query-keys';
import type { ListingsData } from './use-listings';

/** Puts a listing the server just answered into its detail and into every list holding it. */
export function storeListing(queryClient: QueryClient, listing: Listing) {
  queryClient.setQueryData(listingKeys.detail(listing.id), listing);
  patchListing(queryClient, listing.id, () => listing);
}

/** Changes one listing wherever it is cached (lists and detail). */
export function patchListing(queryClient: QueryClient, id: number, change: (listing: Listing) => Listing) {
  queryClient.setQueriesData<ListingsData>({ queryKey: listingKeys.lists() }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((l) => (l.id === id ? change(l) : l)) })) }
      : data,
  );
  queryClient.setQueryData<Listing>(listingKeys.detail(id), (listing) => (listing ? change(listing) : listing));
}
