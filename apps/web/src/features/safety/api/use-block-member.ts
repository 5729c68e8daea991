import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /blocks: after a block the member vanishes from listings, profiles, friends and
 * messages, so every cached read is stale.
 */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<{ user_id: number }>('/blocks', { method: 'POST', json: { user_id: userId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
