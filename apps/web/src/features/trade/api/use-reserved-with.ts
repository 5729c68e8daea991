import type { ReservedBetween } from '@gardenswap/shared/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tradeKeys } from './trade-keys';

/** GET /trades/reserved-with/{id}: the listings reserved between me and that member, each with its pickup. */
export function useReservedWith(userId: number) {
  return useQuery({
    queryKey: tradeKeys.reservedWith(userId),
    queryFn: ({ signal }) => api<ReservedBetween[]>(`/trades/reserved-with/${userId}`, { signal }),
  });
}
