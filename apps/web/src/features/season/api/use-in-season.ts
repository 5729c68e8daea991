import { IN_SEASON_MILES } from '@gardenswap/shared/constants';
import type { InSeason } from '@gardenswap/shared/in-season';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from '../../../lib/query-keys';

/** GET /listings/in-season: the produce being listed within `miles` of the member (IN_SEASON_MILES by default). */
export function useInSeason(miles: number = IN_SEASON_MILES) {
  return useQuery({
    queryKey: listingKeys.inSeason(miles),
    queryFn: ({ signal }) => api<InSeason>('/listings/in-season', { query: { within_miles: miles }, signal }),
    // Counts of the last two weeks move slowly: a few minutes old is as good as new.
    staleTime: 5 * 60_000,
  });
}
