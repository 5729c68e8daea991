import type { Event } from '@gardenswap/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/query-keys';
import { storeEvent } from './store-event';

/**
 * PUT /events/{id}/going (true) or DELETE it (false). A 409 (full, cancelled, ended) means the
 * event changed meanwhile: it is asked again, so the page shows why.
 */
export function useGoing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (going: boolean) => api<Event>(`/events/${id}/going`, { method: going ? 'PUT' : 'DELETE' }),
    onSuccess: (event) => storeEvent(queryClient, event),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) });
    },
  });
}
