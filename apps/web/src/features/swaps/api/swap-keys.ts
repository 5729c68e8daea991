/** Every React Query key of swaps; `list()` is the signed-in member's, `list(userId)` the one with that member. */
export const swapKeys = {
  all: ['swaps'] as const,
  list: (userId?: number) => [...swapKeys.all, userId ?? 'all'] as const,
};
