import type { PublicProfile } from '@gardenswap/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** GET /auth/users/{id}/public for the seller page: what any member may see of another; 404 "User not found". */
export function usePublicUser(userId: number) {
  return useQuery({
    queryKey: userKeys.public(userId),
    queryFn: () => api<PublicProfile>(`/auth/users/${userId}/public`),
    // A copy kept on the device or read by the chat may predate a block: the page asks again on opening.
    refetchOnMount: 'always',
  });
}
