import type { Gardener } from '@gardenswap/shared/safety';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** Under `users`, so a block or a profile change refreshes them. */
export const gardenerKeys = {
  search: (q: string) => [...userKeys.all, 'search', q] as const,
  nearby: () => [...userKeys.all, 'nearby'] as const,
};

/** GET /auth/users?q=: members by username, once there is something to look for. */
export function useGardenerSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: gardenerKeys.search(query),
    queryFn: ({ signal }) => api<Gardener[]>('/auth/users', { query: { q: query }, signal }),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /auth/users/nearby: members nearest to me first. */
export function useNearbyGardeners() {
  return useQuery({
    queryKey: gardenerKeys.nearby(),
    queryFn: ({ signal }) => api<Gardener[]>('/auth/users/nearby', { signal }),
  });
}
