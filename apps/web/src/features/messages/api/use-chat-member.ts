import type { PublicUser } from '@gardenswap/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** GET /auth/users/{id}/public: whom the chat is with. */
export function useChatMember(userId: number | undefined) {
  return useQuery({
    queryKey: messageKeys.member(userId ?? 0),
    queryFn: ({ signal }) => api<PublicUser>(`/auth/users/${userId}/public`, { signal }),
    enabled: userId !== undefined,
  });
}
