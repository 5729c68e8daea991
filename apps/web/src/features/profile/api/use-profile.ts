import type { User } from '@gardenswap/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';

/** GET /auth/profile: the signed-in member's own profile. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.me, queryFn: () => api<User>('/auth/profile') });
}
