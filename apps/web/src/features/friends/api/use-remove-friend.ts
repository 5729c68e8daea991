import type { FriendStatus } from '@gardenswap/shared/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys, refreshAfterFriendshipChange } from './friend-keys';

/** DELETE /auth/friends/{userId}: ends a friendship, or withdraws a pending request either way. */
export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<void>(`/auth/friends/${userId}`, { method: 'DELETE' }),
    onSuccess: (_, userId) => queryClient.setQueryData<FriendStatus>(friendKeys.status(userId), { status: 'none' }),
    onSettled: () => refreshAfterFriendshipChange(queryClient),
  });
}
