import type { Want } from '@gardenswap/shared/wants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWant } from './use-create-want';
import { deleteWant } from './use-delete-want';
import { updateWant } from './use-update-want';
import { wantKeys } from './want-keys';

/** What one save of the want list editor sends; `key` names the editor row each step came from. */
export interface WantListChanges {
  deletes: { key: string; id: number }[];
  creates: { key: string; title: string; category_id: number }[];
  updates: { key: string; id: number; title: string }[];
}

/** Told after each step the server accepted, so a failed save can be retried without repeating it. */
export type WantStepDone =
  | { kind: 'deleted'; key: string }
  | { kind: 'created'; key: string; want: Want }
  | { kind: 'updated'; key: string; title: string };

/**
 * Saves the editor's changes: deletions first (they free room under the 5-per-category
 * limit), then new items, then renamed ones. Stops at the first refusal.
 */
export function useSaveWantList(onStep: (step: WantStepDone) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ deletes, creates, updates }: WantListChanges) => {
      for (const item of deletes) {
        await deleteWant(item.id);
        onStep({ kind: 'deleted', key: item.key });
      }
      for (const item of creates) {
        const want = await createWant({ title: item.title, category_id: item.category_id });
        onStep({ kind: 'created', key: item.key, want });
      }
      for (const item of updates) {
        await updateWant({ id: item.id, title: item.title });
        onStep({ kind: 'updated', key: item.key, title: item.title });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wantKeys.all }),
  });
}
