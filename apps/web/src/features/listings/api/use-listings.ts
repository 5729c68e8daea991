import type { Listing } from '@gardenswap/shared/listings';
import {
  type InfiniteData,
  type QueryClient,
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { apiPage } from '../../../lib/api-client';
import { type ListingsFilter, listingKeys, userKeys } from '../../../lib/query-keys';

export type { ListingsFilter, ListingsSearch } from '../../../lib/query-keys';

/** One page of GET /listings/ and where the next one is (from the Link header). */
export interface ListingsPage {
  items: Listing[];
  next?: string;
}

export type ListingsData = InfiniteData<ListingsPage, string | undefined>;

/**
 * The first page's address: only the flags that are set reach the query string (so
 * `mine=false` never narrows anything), and `type_id` and `pollination` repeat once per value.
 */
export function listingsPath(filter: ListingsFilter): string {
  const params = new URLSearchParams();
  if (filter.mine) params.set('mine', 'true');
  if (filter.friends) params.set('friends', 'true');
  if (filter.public) params.set('public', 'true');
  if (filter.user_id !== undefined) params.set('user_id', String(filter.user_id));
  if (filter.q) params.set('q', filter.q);
  for (const type of filter.type_id ?? []) params.append('type_id', String(type));
  const numbers = ['category_id', 'min_price', 'max_price', 'within_miles', 'packed_within_years'] as const;
  for (const key of numbers) if (filter[key] !== undefined) params.set(key, String(filter[key]));
  for (const pollination of filter.pollination ?? []) params.append('pollination', pollination);
  if (filter.organic) params.set('organic', 'true');
  if (filter.can_mail) params.set('can_mail', 'true');
  if (filter.sort) params.set('sort', filter.sort);
  const search = params.toString();
  return `/listings/${search ? `?${search}` : ''}`;
}

/**
 * GET /listings/ page by page: the first page from the filter, every further page from the
 * server's `Link: <…>; rel="next"` URL, so no list is silently cut.
 */
const listingsQuery = (query: ListingsFilter) =>
  infiniteQueryOptions<ListingsPage, Error, ListingsData, ReturnType<typeof listingKeys.list>, string | undefined>({
    queryKey: listingKeys.list(query),
    queryFn: ({ pageParam, signal }): Promise<ListingsPage> =>
      pageParam ? apiPage<Listing>(pageParam, { signal }) : apiPage<Listing>(listingsPath(query), { signal }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next,
    meta: query.user_id === undefined ? undefined : { forgetOnRefusal: userKeys.public(query.user_id) },
  });

export function useListings(query: ListingsFilter, options: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  return useInfiniteQuery({
    ...listingsQuery(query),
    enabled: options.enabled,
    // While a search is retyped, the last results stay on screen instead of a blank loading state.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** Asks for the first page of a list ahead of the page that shows it (which then finds it in the cache). */
export const prefetchListings = (queryClient: QueryClient, query: ListingsFilter) =>
  queryClient.prefetchInfiniteQuery(listingsQuery(query));

/** Every listing loaded so far, in the server's order. */
export const allListings = (data: ListingsData | undefined): Listing[] => data?.pages.flatMap((p) => p.items) ?? [];
