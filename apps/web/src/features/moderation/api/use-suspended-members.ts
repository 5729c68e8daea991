import type { SuspendedMember } from '@gardenswap/shared/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** GET /moderation/suspended-members: the members suspended now, the newest suspension first. */
export function useSuspendedMembers() {
  return useQuery({
    queryKey: moderationKeys.suspendedMembers(),
    queryFn: () => api<SuspendedMember[]>('/moderation/suspended-members'),
  });
}
