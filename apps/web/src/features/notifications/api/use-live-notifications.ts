import type { Notification, UnreadCount } from '@gardenswap/shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCatchUpOnConnect, useSocketEvent } from '../../../lib/socket';
import { listingKeys } from '../../../lib/query-keys';
import { notificationKeys } from './notification-keys';

/**
 * Keeps the bell and the list in step with the server's `notification` pushes, on every screen;
 * after a reconnect, refetches what may have been missed meanwhile.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useSocketEvent('notification', (notification: Notification) => {
    queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), (count) =>
      count ? { unread_count: count.unread_count + 1 } : count,
    );
    queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
      list && !list.some((n) => n.id === notification.id) ? [notification, ...list] : list,
    );
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    // A moderator hid or unhid one of my listings, or one paused itself: every screen showing it picks up the change now.
    if (
      notification.type === 'listing_hidden' ||
      notification.type === 'listing_unhidden' ||
      notification.type === 'listing_paused'
    )
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
  });
  useCatchUpOnConnect(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }));
}
