import type { Listing } from '@gardenswap/shared/listings';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api-client';
import { type ListingsFilter, listingKeys } from './listing-keys';

export type { ListingsFilter } from './listing-keys';

/** One page of GET /listings/ and where the next one is (from the Link header). */
export interface ListingsPage {
  items: Listing[];
  next?: string;
}

export type ListingsData = InfiniteData<ListingsPage, string | undefined>;

/** Only the flags that are set reach the query string, so `mine=false` never narrows anything. */
function queryOf(filter: ListingsFilter) {
  return {
    mine: filter.mine || undefined,
    friends: filter.friends || undefined,
    public: filter.public || undefined,
    user_id: filter.user_id,
  };
}

/**
 * GET /listings/ page by page: the first page from the filter, every further page from the
 * server's `Link: <…>; rel="next"` URL, so no list is silently cut.
 */
export function useListings(query: ListingsFilter, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery<ListingsPage, Error, ListingsData, ReturnType<typeof listingKeys.list>, string | undefined>({
    queryKey: listingKeys.list(query),
    queryFn: ({ pageParam, signal }): Promise<ListingsPage> =>
      pageParam
        ? apiPage<Listing>(pageParam, { signal })
        : apiPage<Listing>('/listings/', { query: queryOf(query), signal }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next,
    enabled: options.enabled,
  });
}

/** Every listing loaded so far, in the server's order. */
export const allListings = (data: ListingsData | undefined): Listing[] => data?.pages.flatMap((p) => p.items) ?? [];
