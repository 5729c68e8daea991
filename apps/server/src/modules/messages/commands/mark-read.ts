import type { FastifyInstance } from 'fastify';
import { markConversationRead } from '../messages.queries.js';

/**
 * Marks what `otherId` sent `readerId` as read and, when anything was unread, tells both
 * members' tabs: the sender sees the receipt, the reader's other tabs clear their badges.
 */
export async function markRead(app: FastifyInstance, readerId: number, otherId: number): Promise<void> {
  const marked = await markConversationRead(app.db, readerId, otherId);
  if (!marked) return;
  const event = { reader_id: readerId, user_id: otherId, ...marked };
  app.realtime.toUser(readerId, 'messages_read', event);
  app.realtime.toUser(otherId, 'messages_read', event);
}
