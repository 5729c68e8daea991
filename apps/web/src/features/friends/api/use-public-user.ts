import type { PublicUser } from '@gardenswap/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys } from './friend-keys';

/** GET /auth/users/{id}/public: what any member may see of another; 404 "User not found". */
export function usePublicUser(userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: friendKeys.publicUser(userId),
    queryFn: () => api<PublicUser>(`/auth/users/${userId}/public`),
    enabled: options.enabled ?? true,
  });
}
