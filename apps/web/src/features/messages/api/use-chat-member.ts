import type { PublicUser } from '@gardenswap/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** GET /auth/users/{id}/public: whom the chat is with. */
export function useChatMember(userId: number | undefined) {
  return useQuery({
    queryKey: userKeys.public(userId ?? 0),
    queryFn: ({ signal }) => api<PublicUser>(`/auth/users/${userId}/public`, { signal }),
    enabled: userId !== undefined,
  });
}
