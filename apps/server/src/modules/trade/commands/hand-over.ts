import { type HandOverInput, LISTING_STATES, TRADE_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, invalidField } from '../../../lib/app-error.js';
import { isBlockedPair } from '../../relations/index.js';
import { getMember, recordTrade } from '../trade.queries.js';
import { pushUpdate, tell, tellUnreserved } from '../trade-notices.js';
import { tradeConflict } from './trade-conflict.js';
import { ownListing } from './trade-rights.js';

/**
 * Marks the owner's listing given, swapped or sold to a member (by id or username): it becomes
 * Gone and both are asked for a thanks. Resolves to the trade's id.
 */
export async function handOver(app: FastifyInstance, ownerId: number, listingId: number, input: HandOverInput) {
  const listing = await ownListing(app, ownerId, listingId);
  if (listing.state_id === LISTING_STATES.gone) throw tradeConflict(TRADE_TEXTS.listingGone);
  const { kind, user_id, username } = input;
  const field = user_id !== undefined ? 'user_id' : 'username';
  const receiver = await getMember(app.db, user_id !== undefined ? { id: user_id } : { username: username! });
  if (!receiver) throw invalidField(field, TRADE_TEXTS.receiverNotFound);
  if (receiver.id === ownerId) throw invalidField(field, TRADE_TEXTS.ownListing);
  if (await isBlockedPair(app.db, ownerId, receiver.id)) throw forbidden(TRADE_TEXTS.cannotTrade);

  const tradeId = await app.db.transaction().execute((trx) => recordTrade(trx, listing, receiver.id, kind));
  if (tradeId === undefined) throw tradeConflict(TRADE_TEXTS.listingGone);
  // A gone listing ends every swap it was part of: those members are told (`before`).
  const { id, owner_id, title, category_id } = listing;
  await app.events.emit('listing.changed', {
    listingId: id,
    ownerId: owner_id,
    before: { id, owner_id, title, category_id },
  });
  const kept = listing.state_id === LISTING_STATES.reserved ? listing.reserved_for_id : null;
  if (kept && kept !== receiver.id) await tellUnreserved(app, listing.id, ownerId, kept);
  // No listing on these notices: the receiver may not see the listing (a friends-only one), yet must be asked.
  for (const [to, from] of [
    [receiver.id, ownerId],
    [ownerId, receiver.id],
  ] as const)
    await tell(app, {
      user_id: to,
      type: 'trade_thanks_asked',
      from_user_id: from,
      match_key: `trade:${tradeId}`,
      note: listing.title,
    });
  pushUpdate(app, [ownerId, receiver.id, kept], listing.id, tradeId);
  return tradeId;
}
