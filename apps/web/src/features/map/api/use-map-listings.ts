import type { MapListings } from '@gardenswap/shared/listings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from '../../../lib/query-keys';

/** A map's area, west,south,east,north in degrees, as the address and the server write it. */
export type MapBoxText = string;

/**
 * GET /listings/map: the listings the marketplace's list shows (its query string, `filter`) within
 * `box`. The last answer stays on the map while the next area loads.
 */
export function useMapListings(filter: string, box: MapBoxText) {
  return useQuery({
    queryKey: [...listingKeys.all, 'map', filter, box] as const,
    queryFn: ({ signal }) => api<MapListings>(`/listings/map?${filter}${filter ? '&' : ''}box=${box}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
