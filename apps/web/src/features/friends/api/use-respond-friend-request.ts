import type { FriendStatus } from '@gardenswap/shared/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys, refreshAfterFriendshipChange } from './friend-keys';

export interface RespondInput {
  requestId: number;
  /** The member who asked; their status with me changes. */
  userId: number;
  accept: boolean;
}

/** POST /auth/friends/respond: accept or decline a request sent to me. */
export function useRespondFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, accept }: RespondInput) =>
      api<FriendStatus>('/auth/friends/respond', { method: 'POST', json: { request_id: requestId, accept } }),
    onSuccess: (status, { userId }) => queryClient.setQueryData(friendKeys.status(userId), status),
    onSettled: () => refreshAfterFriendshipChange(queryClient),
  });
}
