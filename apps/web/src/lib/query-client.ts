import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { driveOnlineManager, isConnectionError, reportAnswer, reportNoAnswer } from './offline/connectivity';
import { keepQueriesLonger } from './offline/kept-queries';

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

export function createQueryClient() {
  driveOnlineManager();
  const queryClient = new QueryClient({
    queryCache: new QueryCache(followConnection),
    mutationCache: new MutationCache({ onSuccess: followConnection.onSuccess }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  keepQueriesLonger(queryClient);
  return queryClient;
}
