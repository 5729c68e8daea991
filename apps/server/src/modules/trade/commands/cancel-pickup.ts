import { PICKUP_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../../db/schema.js';
import { withPickupNotices } from '../pickup-notices.js';
import { deletePickup, getPickup, toPickup } from '../pickup.queries.js';
import { pushUpdate } from '../trade-notices.js';
import { pickupParty } from './pickup-rights.js';
import { tradeConflict } from './trade-conflict.js';

/**
 * DELETE /listings/{id}/pickup: either member calls the pickup off (the listing stays reserved). The
 * other is told, and e-mailed a cancellation for their calendar when a time had been agreed.
 */
export async function cancelPickup(app: FastifyInstance, userId: number, listingId: number) {
  const party = await pickupParty(app, userId, listingId);
  const row = await getPickup(app.db, listingId);
  if (!row) throw tradeConflict(PICKUP_TEXTS.noPickup);
  const pickup = toPickup(row);
  await withPickupNotices(app, async (trx, notices) => {
    await deletePickup(trx, listingId);
    const about = {
      listingId,
      listingTitle: party.listing.title,
      time: pickup.agreed_time,
      place: pickup.place,
      updatedAt: nowIso(),
    };
    await notices.tell(party.otherId, userId, 'pickup_cancelled', about);
    if (pickup.status === 'agreed') await notices.mail(party.otherId, userId, 'cancelled', about);
  });
  pushUpdate(app, [party.ownerId, party.memberId], listingId);
}
