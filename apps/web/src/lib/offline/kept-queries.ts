import type { Query, QueryClient } from '@tanstack/react-query';

/** How old a member's kept screens may be and still show offline. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * How long a kept query stays in memory unused, so what the member opened earlier in the session
 * is still there to be saved.
 */
export const KEPT_QUERY_GC_MS = 24 * 60 * 60_000;

/** Changes whenever the shape of kept data does: a copy saved by an older app is dropped, not misread. */
export const CACHE_SCHEMA = 'gardenswap-cache-1';

/**
 * The queries worth reading offline, by the first part of their key: the marketplace's pages and
 * the listings opened, my lists, wants, threads and conversations, the members I talk to, my
 * profile and notifications. Nothing else is written to the device.
 */
export const KEPT_QUERY_ROOTS = ['listings', 'wants', 'messages', 'users', 'profile', 'notifications'] as const;

const isKeptKey = (queryKey: readonly unknown[]) => (KEPT_QUERY_ROOTS as readonly unknown[]).includes(queryKey[0]);

/** Only the answers of kept queries that succeeded. */
export const shouldKeepQuery = (query: Pick<Query, 'queryKey' | 'state'>) =>
  isKeptKey(query.queryKey) && query.state.status === 'success';

/** Gives kept queries the longer memory life, so a screen opened an hour ago is still saved. */
export function keepQueriesLonger(queryClient: QueryClient) {
  for (const root of KEPT_QUERY_ROOTS) queryClient.setQueryDefaults([root], { gcTime: KEPT_QUERY_GC_MS });
}
