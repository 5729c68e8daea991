import type { User } from '@gardenswap/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Query keys of the member's own profile. `['profile']` is also what the onboarding upload
 * writes and what friendship changes invalidate (friend_count), so it must not change.
 */
export const profileKeys = {
  me: ['profile'] as const,
};

/** GET /auth/profile: the signed-in member's own profile. */
export function useProfile() {
  return useQuery({ queryKey: profileKeys.me, queryFn: () => api<User>('/auth/profile') });
}
