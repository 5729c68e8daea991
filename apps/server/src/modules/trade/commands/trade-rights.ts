import { TEXTS, TRADE_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, invalidField, notFound } from '../../../lib/app-error.js';
import { isBlockedPair } from '../../relations/index.js';
import { canSee, getVisibleTradeListing } from '../trade.queries.js';

/** The listing if the member may see it, else 404 (never telling a hidden one from a missing one). */
export async function visibleListing(app: FastifyInstance, userId: number, id: number) {
  const listing = await getVisibleTradeListing(app.db, userId, id);
  if (!listing) throw notFound(TEXTS.listingNotFound);
  return listing;
}

/** The listing when the member owns it: 404 when they cannot see it, 403 when it is someone else's. */
export async function ownListing(app: FastifyInstance, userId: number, id: number) {
  const listing = await visibleListing(app, userId, id);
  if (listing.owner_id !== userId) throw forbidden();
  return listing;
}

/** A member the owner may trade with: not themselves, not blocked either way, still able to see the listing. */
export async function assertTradePartner(
  app: FastifyInstance,
  ownerId: number,
  memberId: number,
  listingId: number,
  field: string,
) {
  if (memberId === ownerId) throw invalidField(field, TRADE_TEXTS.ownListing);
  if (await isBlockedPair(app.db, ownerId, memberId)) throw forbidden(TRADE_TEXTS.cannotTrade);
  if (!(await canSee(app.db, memberId, listingId))) throw forbidden(TRADE_TEXTS.cannotTrade);
}
