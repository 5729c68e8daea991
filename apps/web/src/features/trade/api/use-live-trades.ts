import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterPush } from '../../../lib/query-client';
import { useSocketEvent } from '../../../lib/socket';
import { listingKeys } from '../../../lib/query-keys';
import { tradeKeys } from './trade-keys';

/** A step of a trade happened on the other side: the listing and the trade screens refresh. */
export function useLiveTrades() {
  const queryClient = useQueryClient();
  useSocketEvent('trade_updated', () => {
    refreshAfterPush(queryClient, tradeKeys.all);
    void queryClient.invalidateQueries({ queryKey: listingKeys.all });
  });
}
