import type { InterestedMember, ListingTradeStatus } from '@gardenswap/shared/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tradeKeys } from './trade-keys';

/** GET /listings/{id}/trade: where the listing stands for me (interest, reservation, trade). */
export function useListingTrade(listingId: number) {
  return useQuery({
    queryKey: tradeKeys.status(listingId),
    queryFn: ({ signal }) => api<ListingTradeStatus>(`/listings/${listingId}/trade`, { signal }),
  });
}

/** GET /listings/{id}/interests: the members who asked for my listing, newest first (owner only). */
export function useInterests(listingId: number, enabled: boolean) {
  return useQuery({
    queryKey: tradeKeys.interests(listingId),
    queryFn: ({ signal }) => api<InterestedMember[]>(`/listings/${listingId}/interests`, { signal }),
    enabled,
  });
}
