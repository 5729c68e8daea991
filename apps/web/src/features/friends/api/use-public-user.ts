import type { PublicUser } from '@gardenswap/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** GET /auth/users/{id}/public: what any member may see of another; 404 "User not found". */
export function usePublicUser(userId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userKeys.public(userId),
    queryFn: () => api<PublicUser>(`/auth/users/${userId}/public`),
    enabled: options.enabled ?? true,
  });
}
