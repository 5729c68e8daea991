import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { driveOnlineManager, isConnectionError, reportAnswer, reportNoAnswer } from './offline/connectivity';
import { keepQueriesLonger } from './offline/kept-queries';

declare module '@tanstack/react-query' {
  interface Register {
    /** `forgetOnRefusal`: a cached entry a 403 or 404 of this query makes doubtful (the member it is about). */
    queryMeta: { forgetOnRefusal?: QueryKey };
  }
}

/**
 * A 403 or 404 from a query about another member (they blocked me, or left) means their cached
 * profile may be one I may no longer see: it is dropped, and a screen showing it asks again.
 */
function forgetOnRefusal(queryClient: QueryClient, error: unknown, key: QueryKey | undefined) {
  if (!key || !(error instanceof ApiError) || (error.status !== 403 && error.status !== 404)) return;
  void queryClient.resetQueries({ queryKey: key, exact: true });
}

/** A 4xx will answer the same again; only network trouble and 5xx are worth a retry. */
const retry = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * A query that got no answer, retries included, turns the app offline (the banner, paused
 * queries) until a request gets one. A single write that failed does not: it says so itself.
 */
const followConnection = {
  onError: (error: unknown) => {
    if (isConnectionError(error)) reportNoAnswer();
  },
  onSuccess: () => reportAnswer(),
};

/**
 * Refetches what a push (or the connection's join) says may have changed. A first fetch still in
 * flight may have read before the change, and an invalidation would only join it: it is cancelled
 * and asked again instead.
 */
export function refreshAfterPush(queryClient: QueryClient, queryKey: QueryKey) {
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}

export function createQueryClient() {
  driveOnlineManager();
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      ...followConnection,
      onError: (error, query) => {
        followConnection.onError(error);
        forgetOnRefusal(queryClient, error, query.meta?.forgetOnRefusal);
      },
    }),
    mutationCache: new MutationCache({ onSuccess: followConnection.onSuccess }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  keepQueriesLonger(queryClient);
  return queryClient;
}
