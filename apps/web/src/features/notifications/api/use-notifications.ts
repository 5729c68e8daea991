import type { Notification } from '@gardenswap/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveReady } from '../../../lib/socket';
import { notificationKeys } from './notification-keys';

/** GET /notifications: the newest first, read once the live connection has joined. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => api<Notification[]>('/notifications'),
    enabled: useLiveReady(),
  });
}
