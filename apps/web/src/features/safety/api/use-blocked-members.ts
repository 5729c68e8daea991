import type { BlockedUser } from '@gardenswap/shared/safety';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const blockKeys = { all: ['blocks'] as const };

/** GET /blocks: the members I blocked, newest first. */
export function useBlockedMembers() {
  return useQuery({ queryKey: blockKeys.all, queryFn: () => api<BlockedUser[]>('/blocks') });
}

/** DELETE /blocks/{id}: their public listings and profile show again (a friendship does not come back). */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<void>(`/blocks/${userId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
