import type { MarkReadInput, Notification, UnreadCount } from '@gardenswap/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** POST /notifications/read: the given ids, or all; answers the new unread count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkReadInput) => api<UnreadCount>('/notifications/read', { method: 'POST', json: input }),
    onSuccess: (count, input) => {
      queryClient.setQueryData(notificationKeys.unread(), count);
      const now = new Date().toISOString();
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.map((n) => (n.read_at === null && (!input.ids || input.ids.includes(n.id)) ? { ...n, read_at: now } : n)),
      );
    },
  });
}
