import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx will answer the same again; only network trouble and 5xx are worth a retry. */
const retry = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
