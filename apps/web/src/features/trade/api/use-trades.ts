import type { Trade, TradeRecord } from '@gardenswap/shared/trade';
import { useQuery } from '@tanstack/react-query';
import { userKeys } from '../../../lib/query-keys';
import { api } from '../../../lib/api-client';
import { tradeKeys } from './trade-keys';

/** GET /trades: my trades, newest first. */
export function useMyTrades() {
  return useQuery({ queryKey: tradeKeys.mine(), queryFn: ({ signal }) => api<Trade[]>('/trades', { signal }) });
}

/** GET /auth/users/{id}/trades: a member's trades and thanks for their seller page. */
export function useTradeRecord(userId: number) {
  return useQuery({
    queryKey: tradeKeys.record(userId),
    queryFn: ({ signal }) => api<TradeRecord>(`/auth/users/${userId}/trades`, { signal }),
    meta: { forgetOnRefusal: userKeys.public(userId) },
  });
}
