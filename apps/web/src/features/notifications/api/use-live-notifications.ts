import type { Notification, UnreadCount } from '@gardenswap/shared/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterPush } from '../../../lib/query-client';
import { useCatchUpOnConnect, useSocketEvent } from '../../../lib/socket';
import { eventKeys, listingKeys } from '../../../lib/query-keys';
import { notificationKeys } from './notification-keys';

/**
 * Keeps the bell and the list in step with the server's `notification` pushes, on every screen;
 * after a reconnect, refetches what may have been missed meanwhile.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useSocketEvent('notification', (notification: Notification) => {
    const count = queryClient.getQueryData<UnreadCount>(notificationKeys.unread());
    // Not yet read (or being read): asked again, as the first answer may predate this one.
    if (count)
      queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), { unread_count: count.unread_count + 1 });
    else refreshAfterPush(queryClient, notificationKeys.unread());
    queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
      list && !list.some((n) => n.id === notification.id) ? [notification, ...list] : list,
    );
    refreshAfterPush(queryClient, notificationKeys.list());
    // A moderator hid or unhid one of my listings, or one paused itself: every screen showing it picks up the change now.
    if (
      notification.type === 'listing_hidden' ||
      notification.type === 'listing_unhidden' ||
      notification.type === 'listing_paused'
    )
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
    // An event I am going to or host changed, was called off or hidden: its page and the lists show it now.
    if (notification.type.startsWith('event_')) void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  });
  useCatchUpOnConnect(() => refreshAfterPush(queryClient, notificationKeys.all));
}
