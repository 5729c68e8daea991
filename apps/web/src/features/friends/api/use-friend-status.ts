import type { FriendStatus } from '@gardenswap/shared/friends';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys } from './friend-keys';

/** GET /auth/friends/status/{userId}: where I stand with another member (never asked about myself). */
export function useFriendStatus(userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: friendKeys.status(userId),
    queryFn: () => api<FriendStatus>(`/auth/friends/status/${userId}`),
    enabled: options.enabled ?? true,
  });
}
