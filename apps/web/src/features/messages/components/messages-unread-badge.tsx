import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterPush } from '../../../lib/query-client';
import { useCatchUpOnConnect, useSocketEvent } from '../../../lib/socket';
import { messageKeys } from '../api/keys';
import { useUnreadCount } from '../api/use-unread-count';
import './messages-unread-badge.css';

/**
 * The unread count beside "Messages" in the navigation: live, since a new message or a read in
 * any tab refetches it. Nothing while everything is read.
 */
export function MessagesUnreadBadge() {
  const queryClient = useQueryClient();
  const unread = useUnreadCount();
  const refresh = () => refreshAfterPush(queryClient, messageKeys.unreadCount());
  useSocketEvent('new_message', refresh);
  useSocketEvent('messages_read', refresh);
  useCatchUpOnConnect(refresh);
  const count = unread.data ?? 0;
  if (count <= 0) return null;
  return (
    <span className="count-badge messages-unread-badge">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> unread {count === 1 ? 'message' : 'messages'}</span>
    </span>
  );
}
