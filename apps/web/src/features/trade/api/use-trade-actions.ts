import type { HandOverInput, ReserveInput, Thanks, Trade } from '@gardenswap/shared/trade';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from '../../../lib/query-keys';
import { tradeKeys } from './trade-keys';

/** After any step: the listing (its state) and everything of the trade feature are fetched again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    void queryClient.invalidateQueries({ queryKey: listingKeys.all });
  };
}

/** POST /listings/{id}/interest: "I'd like this". */
export function useExpressInterest(listingId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      api<{ owner_id: number; created: boolean }>(`/listings/${listingId}/interest`, { method: 'POST', json: {} }),
    onSuccess: refresh,
  });
}

/** POST /listings/{id}/reservation (reserve for a member) and DELETE (make it available again). */
export function useReservation(listingId: number) {
  const refresh = useRefresh();
  const reserve = useMutation({
    mutationFn: (input: ReserveInput) =>
      api<void>(`/listings/${listingId}/reservation`, { method: 'POST', json: input }),
    onSuccess: refresh,
  });
  const release = useMutation({
    mutationFn: () => api<void>(`/listings/${listingId}/reservation`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { reserve, release };
}

/** POST /listings/{id}/hand-over: given, swapped or sold to a member. */
export function useHandOver(listingId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: HandOverInput) =>
      api<Trade>(`/listings/${listingId}/hand-over`, { method: 'POST', json: input }),
    onSuccess: refresh,
  });
}

/** POST /trades/{id}/thanks */
export function useThank(tradeId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (content: string) => api<Thanks>(`/trades/${tradeId}/thanks`, { method: 'POST', json: { content } }),
    onSuccess: refresh,
  });
}

/** POST /thanks/{id}/hide: a thanks given to me leaves my seller page. */
export function useHideThanks() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (thanksId: number) => api<void>(`/thanks/${thanksId}/hide`, { method: 'POST' }),
    onSuccess: refresh,
  });
}
