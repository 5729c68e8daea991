import { PICKUP_HANDOVER_ASK_AFTER_MS, PICKUP_REMINDER_BEFORE_MS, PICKUP_TEXTS, type Pickup } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, invalidField } from '../../../lib/app-error.js';
import { withPickupNotices } from '../pickup-notices.js';
import { agreeOn, askForAnother, getPickup, toPickup } from '../pickup.queries.js';
import { pushUpdate } from '../trade-notices.js';
import { pickupParty } from './pickup-rights.js';
import { tradeConflict } from './trade-conflict.js';

/** The offer the member answers: only one still waiting, and only one the other member made. */
async function offerToAnswer(app: FastifyInstance, userId: number, listingId: number) {
  const party = await pickupParty(app, userId, listingId);
  const row = await getPickup(app.db, listingId);
  if (!row || row.status !== 'offered') throw tradeConflict(PICKUP_TEXTS.noPickup);
  if (row.offered_by_id === userId) throw forbidden(PICKUP_TEXTS.ownOffer);
  return { party, offer: toPickup(row) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * POST /listings/{id}/pickup/agree: picks one of the offered times. Both are reminded before it (not
 * when it is already that close) and the owner is asked after it whether it was handed over.
 */
export async function agreePickup(app: FastifyInstance, userId: number, listingId: number, time: string) {
  const { party, offer } = await offerToAnswer(app, userId, listingId);
  const agreed = offer.times.find((t) => Date.parse(t) === Date.parse(time));
  if (!agreed) throw invalidField('time', PICKUP_TEXTS.notOffered);
  const now = app.config.clock();
  if (Date.parse(agreed) <= now) throw invalidField('time', PICKUP_TEXTS.timeInPast);
  const remindAt = Date.parse(agreed) - PICKUP_REMINDER_BEFORE_MS;
  const pickup = await withPickupNotices(app, async (trx, notices) => {
    const took = await agreeOn(
      trx,
      listingId,
      { updatedAt: offer.updated_at },
      {
        time: agreed,
        remindAt: remindAt > now ? iso(remindAt) : null,
        handoverAskAt: iso(Date.parse(agreed) + PICKUP_HANDOVER_ASK_AFTER_MS),
      },
    );
    if (!took) throw tradeConflict(PICKUP_TEXTS.pickupChanged);
    const saved = toPickup((await getPickup(trx, listingId))!);
    const about = {
      listingId,
      listingTitle: party.listing.title,
      time: agreed,
      place: saved.place,
      updatedAt: saved.updated_at,
    };
    await notices.tell(party.otherId, userId, 'pickup_agreed', about, agreed);
    await notices.mail(party.otherId, userId, 'agreed', about);
    await notices.mail(userId, party.otherId, 'agreed', about);
    return saved;
  });
  pushUpdate(app, [party.ownerId, party.memberId], listingId);
  return pickup;
}

/** POST /listings/{id}/pickup/ask: none of the offered times suits; the member who offered them is told, with the note. */
export async function askAnotherPickup(
  app: FastifyInstance,
  userId: number,
  listingId: number,
  note: string | undefined,
): Promise<Pickup> {
  const { party, offer } = await offerToAnswer(app, userId, listingId);
  const pickup = await withPickupNotices(app, async (trx, notices) => {
    if (!(await askForAnother(trx, listingId, { updatedAt: offer.updated_at }, note ?? null)))
      throw tradeConflict(PICKUP_TEXTS.pickupChanged);
    const saved = toPickup((await getPickup(trx, listingId))!);
    await notices.tell(
      party.otherId,
      userId,
      'pickup_asked',
      { listingId, listingTitle: party.listing.title, time: null, place: saved.place, updatedAt: saved.updated_at },
      note,
    );
    return saved;
  });
  pushUpdate(app, [party.ownerId, party.memberId], listingId);
  return pickup;
}
