import type { Notification } from '@gardenswap/shared/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** GET /notifications: the newest first. */
export function useNotifications() {
  return useQuery({ queryKey: notificationKeys.list(), queryFn: () => api<Notification[]>('/notifications') });
}
