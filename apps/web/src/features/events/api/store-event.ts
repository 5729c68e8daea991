import type { Event } from '@gardenswap/shared/events';
import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from '../../../lib/query-keys';

/** After a change: the event's page shows the server's answer at once, and every list asks again. */
export function storeEvent(queryClient: QueryClient, event: Event) {
  queryClient.setQueryData(eventKeys.detail(event.id), event);
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
}
