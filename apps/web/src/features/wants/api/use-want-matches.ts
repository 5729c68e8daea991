import type { Listing } from '@gardenswap/shared/listings';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wantKeys } from './want-keys';

/** GET /listings/want-listings/{id}/matches for each want: what the member can already see that matches it. */
export function useWantMatches(wantIds: number[]) {
  return useQueries({
    queries: wantIds.map((id) => ({
      queryKey: [...wantKeys.all, 'matches', id] as const,
      queryFn: () => api<Listing[]>(`/listings/want-listings/${id}/matches`),
    })),
  });
}
