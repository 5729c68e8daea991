import type { Event, EventsPage } from '@gardenswap/shared/events';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type EventsKind, eventKeys } from '../../../lib/query-keys';

export type { EventsKind } from '../../../lib/query-keys';

export type EventsData = InfiniteData<EventsPage, string | undefined>;

/** What each list adds to GET /events: nothing for the events near me. */
const KIND_QUERY: Record<EventsKind, { going?: boolean; mine?: boolean }> = {
  near: {},
  going: { going: true },
  mine: { mine: true },
};

/**
 * GET /events page by page through `next_cursor`: the upcoming events near me (soonest first),
 * those I am going to, or those I host. `limit` asks for a short first page (the marketplace's strip).
 */
export function useEvents(kind: EventsKind, options: { limit?: number; enabled?: boolean } = {}) {
  const { limit, enabled } = options;
  return useInfiniteQuery<EventsPage, Error, EventsData, ReturnType<typeof eventKeys.list>, string | undefined>({
    queryKey: eventKeys.list(kind, limit),
    queryFn: ({ pageParam, signal }) =>
      api<EventsPage>('/events', { query: { ...KIND_QUERY[kind], limit, cursor: pageParam }, signal }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
}

/** Every event loaded so far, in the server's order. */
export const allEvents = (data: EventsData | undefined): Event[] => data?.pages.flatMap((p) => p.events) ?? [];
