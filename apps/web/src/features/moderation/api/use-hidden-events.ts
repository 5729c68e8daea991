import type { HiddenEvent } from '@gardenswap/shared/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** GET /moderation/hidden-events: the events a moderator hid, the newest first. */
export function useHiddenEvents() {
  return useQuery({
    queryKey: moderationKeys.hiddenEvents(),
    queryFn: () => api<HiddenEvent[]>('/moderation/hidden-events'),
  });
}
