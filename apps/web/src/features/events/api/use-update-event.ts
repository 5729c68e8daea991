import type { Event, UpdateEventInput } from '@gardenswap/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeEvent } from './store-event';

/** PATCH /events/{id}: only the fields that changed; the host's only. */
export const updateEvent = (id: number, changes: UpdateEventInput) =>
  api<Event>(`/events/${id}`, { method: 'PATCH', json: changes });

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateEventInput }) => updateEvent(id, changes),
    onSuccess: (event) => storeEvent(queryClient, event),
  });
}
