import type { CreateEventInput, Event } from '@gardenswap/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeEvent } from './store-event';

/** POST /events (JSON; its photo goes up after, with PUT /events/{id}/photo). */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEventInput) => api<Event>('/events', { method: 'POST', json: input }),
    onSuccess: (event) => storeEvent(queryClient, event),
  });
}
