import type { FriendRequest, FriendRequestDirection } from '@gardenswap/shared/friends';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys } from './friend-keys';

/** GET /auth/friends/requests: pending requests sent to me (incoming) or by me (outgoing). */
export function useFriendRequests(direction: FriendRequestDirection) {
  return useQuery({
    queryKey: friendKeys.requests(direction),
    queryFn: () =>
      api<FriendRequest[]>('/auth/friends/requests', { query: direction === 'outgoing' ? { direction } : undefined }),
  });
}
