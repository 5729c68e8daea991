/** Every React Query key of the trade feature, so a live `trade_updated` refreshes exactly these. */
export const tradeKeys = {
  all: ['trade'] as const,
  status: (listingId: number) => [...tradeKeys.all, 'status', listingId] as const,
  interests: (listingId: number) => [...tradeKeys.all, 'interests', listingId] as const,
  mine: () => [...tradeKeys.all, 'mine'] as const,
  record: (userId: number) => [...tradeKeys.all, 'record', userId] as const,
  reservedWith: (userId: number) => [...tradeKeys.all, 'reserved-with', userId] as const,
};
