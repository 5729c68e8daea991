import type { ModerationLogEntry, ModerationReversalInput } from '@gardenswap/shared/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** POST /moderation/hidden-events/{id}/unhide; afterwards the moderation screen is loaded again. */
export function useUnhideEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, ...input }: ModerationReversalInput & { eventId: number }) =>
      api<ModerationLogEntry>(`/moderation/hidden-events/${eventId}/unhide`, { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
