import type { Want } from '@gardenswap/shared/wants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wantKeys } from './want-keys';

/** DELETE /listings/want-listings/{id}. */
export const deleteWant = (id: number) => api<void>(`/listings/want-listings/${id}`, { method: 'DELETE' });

export function useDeleteWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWant,
    onSuccess: (_, id) =>
      queryClient.setQueryData<Want[]>(wantKeys.list(), (wants) => wants?.filter((w) => w.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wantKeys.all }),
  });
}
