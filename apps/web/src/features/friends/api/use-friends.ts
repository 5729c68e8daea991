import type { Friend } from '@gardenswap/shared/friends';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys } from './friend-keys';

/** GET /auth/friends: my accepted friends. */
export function useFriends() {
  return useQuery({ queryKey: friendKeys.list(), queryFn: () => api<Friend[]>('/auth/friends') });
}
