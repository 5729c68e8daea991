import type { ModerationLogEntry, ModerationReversalInput } from '@gardenswap/shared/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** POST /moderation/hidden-listings/{id}/unhide; afterwards the moderation screen is loaded again. */
export function useUnhideListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, ...input }: ModerationReversalInput & { listingId: number }) =>
      api<ModerationLogEntry>(`/moderation/hidden-listings/${listingId}/unhide`, { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
