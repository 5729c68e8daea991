import type { CreateWantInput, Want } from '@gardenswap/shared/wants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { wantKeys } from './want-keys';

/** POST /listings/want-listings; 409 once a category holds 5 items. */
export const createWant = (input: CreateWantInput) =>
  api<Want>('/listings/want-listings', { method: 'POST', json: input });

export function useCreateWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wantKeys.all }),
  });
}
