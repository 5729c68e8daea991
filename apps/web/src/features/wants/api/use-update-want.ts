import type { Want } from '@gardenswap/shared/wants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wantKeys } from './want-keys';

/** PATCH /listings/want-listings/{id}: only the title changes. */
export const updateWant = ({ id, title }: { id: number; title: string }) =>
  api<Want>(`/listings/want-listings/${id}`, { method: 'PATCH', json: { title } });

export function useUpdateWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wantKeys.all }),
  });
}
