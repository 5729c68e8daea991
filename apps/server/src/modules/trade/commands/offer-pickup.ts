import type { Pickup, PickupOfferInput } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../db/schema.js';
import { type PickupAbout, type PickupNotices, withPickupNotices } from '../pickup-notices.js';
import { getPickup, saveOffer, toPickup } from '../pickup.queries.js';
import { pushUpdate } from '../trade-notices.js';
import { offeredTimes, type PickupParty, pickupParty } from './pickup-rights.js';

/**
 * Offers pickup times in a step already under way (a reservation): replaces what was arranged, tells
 * the other member, and e-mails them when an agreed time was moved.
 */
export async function offerInStep(
  trx: Executor,
  notices: PickupNotices,
  party: Pick<PickupParty, 'ownerId' | 'memberId' | 'otherId'> & { listing: { id: number; title: string } },
  userId: number,
  input: { times: string[]; place?: string | undefined },
  now: number,
): Promise<Pickup> {
  const times = offeredTimes(input.times, now);
  const before = await getPickup(trx, party.listing.id);
  await saveOffer(trx, {
    listingId: party.listing.id,
    ownerId: party.ownerId,
    memberId: party.memberId,
    offeredById: userId,
    times,
    place: input.place ?? null,
  });
  const saved = toPickup((await getPickup(trx, party.listing.id))!);
  const about: PickupAbout = {
    listingId: party.listing.id,
    listingTitle: party.listing.title,
    time: before?.status === 'agreed' ? toPickup(before).agreed_time : null,
    place: saved.place,
    updatedAt: saved.updated_at,
  };
  await notices.tell(party.otherId, userId, 'pickup_offered', about);
  if (before?.status === 'agreed') await notices.mail(party.otherId, userId, 'moved', about);
  return saved;
}

/** PUT /listings/{id}/pickup: the owner or the member it is kept for offers one to three times (or moves an agreed one). */
export async function offerPickup(
  app: FastifyInstance,
  userId: number,
  listingId: number,
  input: PickupOfferInput,
): Promise<Pickup> {
  const party = await pickupParty(app, userId, listingId);
  const pickup = await withPickupNotices(app, (trx, notices) =>
    offerInStep(
      trx,
      notices,
      party,
      userId,
      { times: input.times, place: input.place ?? undefined },
      app.config.clock(),
    ),
  );
  pushUpdate(app, [party.ownerId, party.memberId], listingId);
  return pickup;
}
