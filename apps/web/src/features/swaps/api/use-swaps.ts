import type { Swap } from '@gardenswap/shared/swaps';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCatchUpOnConnect, useSocketEvent } from '../../../lib/socket';
import { swapKeys } from './swap-keys';

/**
 * GET /swaps: my swaps, nearest first, or (`userId`) only the one with that member. Kept live: the
 * server pushes `swaps_changed` when a listing or want on either side changes.
 */
export function useSwaps(userId?: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: swapKeys.all });
  useSocketEvent('swaps_changed', refresh);
  useCatchUpOnConnect(refresh);
  return useQuery({
    queryKey: swapKeys.list(userId),
    queryFn: ({ signal }) => api<Swap[]>('/swaps', { query: { user_id: userId }, signal }),
  });
}
