import type { Pickup, PickupAgreeInput, PickupAskInput, PickupOfferInput } from '@gardenswap/shared/pickup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tradeKeys } from './trade-keys';

/** After any pickup step: the listing's trade status and the chat's reserved listings are fetched again. */
function useRefreshTrades() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
}

/** PUT /listings/{id}/pickup: offers times and a place, replacing any earlier offer or agreed time. */
export function useOfferPickup(listingId: number) {
  const refresh = useRefreshTrades();
  return useMutation({
    mutationFn: (input: PickupOfferInput) =>
      api<Pickup>(`/listings/${listingId}/pickup`, { method: 'PUT', json: input }),
    onSuccess: refresh,
  });
}

/** POST /listings/{id}/pickup/agree: picks one of the other member's times. */
export function useAgreePickup(listingId: number) {
  const refresh = useRefreshTrades();
  return useMutation({
    mutationFn: (input: PickupAgreeInput) =>
      api<Pickup>(`/listings/${listingId}/pickup/agree`, { method: 'POST', json: input }),
    onSuccess: refresh,
  });
}

/** POST /listings/{id}/pickup/ask: none of the offered times suits. */
export function useAskPickup(listingId: number) {
  const refresh = useRefreshTrades();
  return useMutation({
    mutationFn: (input: PickupAskInput) =>
      api<Pickup>(`/listings/${listingId}/pickup/ask`, { method: 'POST', json: input }),
    onSuccess: refresh,
  });
}

/** DELETE /listings/{id}/pickup */
export function useCancelPickup(listingId: number) {
  const refresh = useRefreshTrades();
  return useMutation({
    mutationFn: () => api<void>(`/listings/${listingId}/pickup`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
