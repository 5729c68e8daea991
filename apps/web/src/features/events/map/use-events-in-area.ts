import type { EventsMap } from '@gardenswap/shared/events';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/query-keys';

/** GET /events/map: the upcoming seed swaps within a map's area (west,south,east,north). */
export function useEventsInArea(box: string) {
  return useQuery({
    queryKey: [...eventKeys.all, 'map', box] as const,
    queryFn: ({ signal }) => api<EventsMap>(`/events/map?box=${encodeURIComponent(box)}`, { signal }),
  });
}
