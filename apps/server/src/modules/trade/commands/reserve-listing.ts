import { LISTING_STATES, type ReserveInput, TRADE_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../../lib/app-error.js';
import { withPickupNotices } from '../pickup-notices.js';
import { isInterested, setReservation } from '../trade.queries.js';
import { pushUpdate, tell, tellUnreserved } from '../trade-notices.js';
import { offerInStep } from './offer-pickup.js';
import { offeredTimes } from './pickup-rights.js';
import { tradeConflict } from './trade-conflict.js';
import { assertTradePartner, ownListing } from './trade-rights.js';

/**
 * Reserves the owner's listing for one of the members who asked for it, with an optional pickup
 * note or pickup times offered to them; that member is told, and so is one it was kept for before.
 */
export async function reserveListing(
  app: FastifyInstance,
  ownerId: number,
  listingId: number,
  input: Omit<ReserveInput, 'pickup_note'> & { pickup_note?: string | null },
) {
  const listing = await ownListing(app, ownerId, listingId);
  if (listing.state_id === LISTING_STATES.gone) throw tradeConflict(TRADE_TEXTS.listingGone);
  const { user_id, pickup_note, pickup } = input;
  await assertTradePartner(app, ownerId, user_id, listing.id, 'user_id');
  if (!(await isInterested(app.db, listing.id, user_id))) throw invalidField('user_id', TRADE_TEXTS.notInterested);
  // Times that cannot be offered stop the reservation before anything is written.
  if (pickup) offeredTimes(pickup.times, app.config.clock(), 'pickup.times');
  const note = pickup_note ? pickup_note : null;
  await setReservation(app.db, ownerId, listing.id, { userId: user_id, pickupNote: note });
  await app.events.emit('listing.changed', { listingId: listing.id, ownerId });
  const previous = listing.state_id === LISTING_STATES.reserved ? listing.reserved_for_id : null;
  if (previous && previous !== user_id) await tellUnreserved(app, listing.id, ownerId, previous);
  await tell(app, {
    user_id,
    type: 'listing_reserved',
    listing_id: listing.id,
    from_user_id: ownerId,
    match_key: `reserved:${listing.id}:${Date.now()}`,
    ...(note ? { note } : {}),
  });
  if (pickup)
    await withPickupNotices(app, (trx, notices) =>
      offerInStep(
        trx,
        notices,
        { listing, ownerId, memberId: user_id, otherId: user_id },
        ownerId,
        { times: pickup.times, place: pickup.place ?? undefined },
        app.config.clock(),
      ),
    );
  pushUpdate(app, [ownerId, user_id, previous], listing.id);
}

/** Makes the owner's reserved listing available again; the member it was kept for is told. */
export async function cancelReservation(app: FastifyInstance, ownerId: number, listingId: number) {
  const listing = await ownListing(app, ownerId, listingId);
  if (listing.state_id !== LISTING_STATES.reserved) throw tradeConflict(TRADE_TEXTS.notReserved);
  await setReservation(app.db, ownerId, listing.id, null);
  await app.events.emit('listing.changed', { listingId: listing.id, ownerId });
  if (listing.reserved_for_id) await tellUnreserved(app, listing.id, ownerId, listing.reserved_for_id);
  pushUpdate(app, [ownerId, listing.reserved_for_id], listing.id);
}
