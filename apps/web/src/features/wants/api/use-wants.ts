import type { Want } from '@gardenswap/shared/wants';
import { useQuery } from '@tanstack/react-query';
import { userKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api-client';
import { wantKeys } from './want-keys';

/** GET /listings/want-listings: the member's own want list, or another member's with `userId`. */
export function useWants(userId?: number) {
  return useQuery({
    queryKey: wantKeys.list(userId),
    queryFn: ({ signal }) => api<Want[]>('/listings/want-listings', { query: { user_id: userId }, signal }),
    meta: userId === undefined ? undefined : { forgetOnRefusal: userKeys.public(userId) },
  });
}
