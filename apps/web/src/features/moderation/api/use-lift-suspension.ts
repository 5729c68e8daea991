import type { ModerationLogEntry, ModerationReversalInput } from '@gardenswap/shared/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** POST /moderation/suspended-members/{id}/lift; afterwards the moderation screen is loaded again. */
export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...input }: ModerationReversalInput & { memberId: number }) =>
      api<ModerationLogEntry>(`/moderation/suspended-members/${memberId}/lift`, { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
