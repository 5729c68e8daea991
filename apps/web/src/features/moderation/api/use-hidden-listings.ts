import type { HiddenListing } from '@gardenswap/shared/moderation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** GET /moderation/hidden-listings: the listings a moderator hid, the newest first. */
export function useHiddenListings() {
  return useQuery({
    queryKey: moderationKeys.hiddenListings(),
    queryFn: () => api<HiddenListing[]>('/moderation/hidden-listings'),
  });
}
