import { LISTING_STATES, TRADE_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../lib/app-error.js';
import { sendMessage } from '../../messages/index.js';
import { isInterested, recordInterest } from '../trade.queries.js';
import { pushUpdate, tell } from '../trade-notices.js';
import { visibleListing } from './trade-rights.js';
import { tradeConflict } from './trade-conflict.js';

/**
 * "I'd like this": records the member as interested (once) and, the first time, sends the owner a
 * message carrying a card of the listing; the owner is told.
 */
export async function expressInterest(app: FastifyInstance, userId: number, listingId: number, content?: string) {
  const listing = await visibleListing(app, userId, listingId);
  if (listing.owner_id === userId) throw forbidden(TRADE_TEXTS.ownListing);
  if (listing.state_id === LISTING_STATES.gone) throw tradeConflict(TRADE_TEXTS.listingGone);
  if (await isInterested(app.db, listing.id, userId)) return { owner_id: listing.owner_id, created: false };
  // The message first: when it is refused (sending too fast), nothing is recorded.
  await sendMessage(
    app,
    userId,
    { receiver_id: listing.owner_id, content: content ?? TRADE_TEXTS.interestDefault },
    { listing_id: listing.id },
  );
  const created = await recordInterest(app.db, listing.id, userId);
  if (created) {
    await tell(app, {
      user_id: listing.owner_id,
      type: 'listing_interest',
      listing_id: listing.id,
      from_user_id: userId,
      match_key: `interest:${listing.id}:${userId}`,
    });
    pushUpdate(app, [listing.owner_id, userId], listing.id);
  }
  return { owner_id: listing.owner_id, created };
}
