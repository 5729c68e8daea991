import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listingKeys } from '../../../lib/query-keys';

/** DELETE /listings/{id}; the server answers 403 to anyone but the owner. */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/listings/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: listingKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: listingKeys.lists() });
    },
  });
}
