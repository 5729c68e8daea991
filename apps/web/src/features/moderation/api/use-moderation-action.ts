import type { ModerationActionInput, ModerationLogEntry } from '@gardenswap/shared/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** POST /moderation/actions; afterwards the reports and the log are loaded again (another moderator may have acted too). */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionInput) =>
      api<ModerationLogEntry>('/moderation/actions', { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
