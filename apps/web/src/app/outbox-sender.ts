import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../lib/auth-context';
import { startOutboxSender } from '../lib/offline/outbox-sender';
import { LISTING_KIND, listingOutboxKind } from '../features/listings/api/queued-listings';
import { MESSAGE_KIND, messageOutboxKind } from '../features/messages/api/queued-messages';

/**
 * Sends what the member wrote offline (messages, listings with their photos) once the connection
 * is back, from whichever signed-in page is open.
 */
export function useOutboxSender() {
  const queryClient = useQueryClient();
  const { auth } = useAuth();
  const memberId = auth?.user.id;
  useEffect(() => {
    if (memberId === undefined) return;
    const sender = startOutboxSender(memberId, {
      [MESSAGE_KIND]: messageOutboxKind(queryClient),
      [LISTING_KIND]: listingOutboxKind(queryClient),
    });
    return sender.stop;
  }, [memberId, queryClient]);
}
