import type { FriendRequestDirection } from '@gardenswap/shared/friends';
import type { QueryClient } from '@tanstack/react-query';
import { listingKeys, profileKeys, userKeys } from '../../../lib/query-keys';

/** Query keys of everything friendship-related. */
export const friendKeys = {
  all: ['friends'] as const,
  list: () => [...friendKeys.all, 'list'] as const,
  requests: (direction: FriendRequestDirection) => [...friendKeys.all, 'requests', direction] as const,
  status: (userId: number) => [...friendKeys.all, 'status', userId] as const,
};

/**
 * After any friendship change: statuses, lists and requests, and every cache holding a
 * `friend_count` (public profiles and the member's own profile), plus listings, since friends
 * see each other's friends-only listings.
 */
export function refreshAfterFriendshipChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: friendKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: profileKeys.me }),
    queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  ]);
}
