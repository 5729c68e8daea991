import type { Swap } from '@gardenswap/shared/swaps';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAfterPush } from '../../../lib/query-client';
import { useCatchUpOnConnect, useLiveReady, useSocketEvent } from '../../../lib/socket';
import { swapKeys } from './swap-keys';

/**
 * GET /swaps: my swaps, nearest first, or (`userId`) only the one with that member. Kept live: the
 * server pushes `swaps_changed` when a listing or want on either side changes; read once the live
 * connection has joined.
 */
export function useSwaps(userId?: number) {
  const queryClient = useQueryClient();
  const refresh = () => refreshAfterPush(queryClient, swapKeys.all);
  useSocketEvent('swaps_changed', refresh);
  useCatchUpOnConnect(refresh);
  return useQuery({
    queryKey: swapKeys.list(userId),
    queryFn: ({ signal }) => api<Swap[]>('/swaps', { query: { user_id: userId }, signal }),
    enabled: useLiveReady(),
  });
}
