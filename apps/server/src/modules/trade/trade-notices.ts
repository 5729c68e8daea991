import type { FastifyInstance } from 'fastify';
import { getNotification, insertNotification } from '../notifications/notifications.queries.js';

/** Stores a notice for a member and pushes it to their open tabs; its web push, queued with it, goes out now. */
export async function tell(app: FastifyInstance, notice: Parameters<typeof insertNotification>[1]) {
  const id = await insertNotification(app.db, notice);
  if (id === undefined) return;
  app.push.wake();
  const stored = await getNotification(app.db, notice.user_id, id, app.photoUrls.signerFor(notice.user_id));
  if (stored) app.realtime.toUser(notice.user_id, 'notification', stored);
}

/** Tells every member's open tabs that a step of a trade happened on a listing. */
export function pushUpdate(
  app: FastifyInstance,
  memberIds: (number | null | undefined)[],
  listingId: number,
  tradeId?: number,
) {
  for (const id of new Set(memberIds))
    if (id) app.realtime.toUser(id, 'trade_updated', { listing_id: listingId, trade_id: tradeId });
}

/** Tells the member a listing was kept for that it no longer is (un-reserved, or its status changed). */
export async function tellUnreserved(app: FastifyInstance, listingId: number, ownerId: number, memberId: number) {
  await tell(app, {
    user_id: memberId,
    type: 'reservation_cancelled',
    listing_id: listingId,
    from_user_id: ownerId,
    match_key: `unreserved:${listingId}:${Date.now()}`,
  });
}
