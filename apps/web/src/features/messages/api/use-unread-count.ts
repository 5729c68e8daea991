import type { MessagesUnreadCount } from '@gardenswap/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveReady } from '../../../lib/socket';
import { messageKeys } from './keys';

/** GET /messages/unread-count: how many messages to me are unread, read once the live connection has joined. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: messageKeys.unreadCount(),
    queryFn: ({ signal }) => api<MessagesUnreadCount>('/messages/unread-count', { signal }),
    select: (data) => data.count,
    enabled: useLiveReady() && enabled,
  });
}
