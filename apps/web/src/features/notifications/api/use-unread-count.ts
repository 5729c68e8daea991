import type { UnreadCount } from '@gardenswap/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveReady } from '../../../lib/socket';
import { notificationKeys } from './notification-keys';

/** GET /notifications/unread-count: the bell's number, read once the live connection has joined. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: () => api<UnreadCount>('/notifications/unread-count'),
    select: (data) => data.unread_count,
    enabled: useLiveReady(),
  });
}
