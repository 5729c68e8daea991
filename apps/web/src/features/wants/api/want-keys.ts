/** Every React Query key of the want list; `list()` is the signed-in member's own. */
export const wantKeys = {
  all: ['wants'] as const,
  list: (userId?: number) => [...wantKeys.all, userId ?? 'mine'] as const,
};
