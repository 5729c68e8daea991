import type { FriendRequestDirection } from '@gardenswap/shared/friends';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of everything friendship-related. */
export const friendKeys = {
  all: ['friends'] as const,
  list: () => [...friendKeys.all, 'list'] as const,
  requests: (direction: FriendRequestDirection) => [...friendKeys.all, 'requests', direction] as const,
  status: (userId: number) => [...friendKeys.all, 'status', userId] as const,
  /** Under `users` so a profile upload (which invalidates ['users', id]) refreshes it too. */
  publicUser: (userId: number) => ['users', userId, 'public'] as const,
};

/**
 * After any friendship change: statuses, lists and requests, and every cache holding a
 * `friend_count` — public profiles and the member's own profile (cached as ['profile']) —
 * plus listings, since friends see each other's friends-only listings.
 */
export function refreshAfterFriendshipChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: friendKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
    queryClient.invalidateQueries({ queryKey: ['profile'] }),
    queryClient.invalidateQueries({ queryKey: ['listings'] }),
  ]);
}
