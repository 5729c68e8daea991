import type { FriendStatus } from '@gardenswap/shared/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys, refreshAfterFriendshipChange } from './friend-keys';

/**
 * POST /auth/friends/request. Answers the new status: pending, or accepted when the other
 * member had already asked me.
 */
export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friendId: number) =>
      api<FriendStatus>('/auth/friends/request', { method: 'POST', json: { friend_id: friendId } }),
    onSuccess: (status, friendId) => queryClient.setQueryData(friendKeys.status(friendId), status),
    onSettled: () => refreshAfterFriendshipChange(queryClient),
  });
}
