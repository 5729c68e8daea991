import { LISTING_STATES, PICKUP_AHEAD_MAX_DAYS, PICKUP_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, invalidField } from '../../../lib/app-error.js';
import { tradeConflict } from './trade-conflict.js';
import { visibleListing } from './trade-rights.js';

/**
 * A reserved listing as one of its pickup's two members acts on it: 404 when they cannot see it,
 * 409 when it is not reserved, 403 for anyone but its owner and the member it is kept for.
 */
export async function pickupParty(app: FastifyInstance, userId: number, listingId: number) {
  const listing = await visibleListing(app, userId, listingId);
  const memberId = listing.reserved_for_id;
  if (listing.state_id !== LISTING_STATES.reserved || memberId === null) throw tradeConflict(PICKUP_TEXTS.notReserved);
  const isOwner = listing.owner_id === userId;
  if (!isOwner && memberId !== userId) throw forbidden(PICKUP_TEXTS.notYours);
  return { listing, ownerId: listing.owner_id, memberId, otherId: isOwner ? memberId : listing.owner_id, isOwner };
}
export type PickupParty = Awaited<ReturnType<typeof pickupParty>>;

/**
 * Offered times as UTC instants, earliest first: each ahead of now, within the window, and each once.
 * `field` names them in the body ("pickup.times" in a reservation).
 */
export function offeredTimes(times: string[], now: number, field = 'times'): string[] {
  const instants = times.map((t) => Date.parse(t));
  const late = instants.findIndex((t) => t <= now);
  if (late >= 0) throw invalidField(`${field}.${late}`, PICKUP_TEXTS.timeInPast);
  const far = instants.findIndex((t) => t > now + PICKUP_AHEAD_MAX_DAYS * 86_400_000);
  if (far >= 0) throw invalidField(`${field}.${far}`, PICKUP_TEXTS.timeTooFar);
  if (new Set(instants).size !== instants.length) throw invalidField(field, PICKUP_TEXTS.timesRepeated);
  return instants.sort((a, b) => a - b).map((t) => new Date(t).toISOString());
}
