import type { Event } from '@gardenswap/shared/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/query-keys';
import type { EventsData } from './use-events';

/**
 * GET /events/{id}. An event already seen in a list shows at once while the fresh copy loads.
 * `askEachTime`: asked again on opening however fresh the copy in memory (the edit form).
 */
export function useEvent(id: number, { askEachTime = false } = {}) {
  const queryClient = useQueryClient();
  return useQuery<Event, Error, Event, ReturnType<typeof eventKeys.detail>>({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => api<Event>(`/events/${id}`, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchOnMount: askEachTime ? 'always' : true,
    placeholderData: () => {
      for (const [, data] of queryClient.getQueriesData<EventsData>({ queryKey: eventKeys.lists() })) {
        const found = data?.pages.flatMap((p) => p.events).find((e) => e.id === id);
        if (found) return found;
      }
      return undefined;
    },
  });
}
