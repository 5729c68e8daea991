import {
  IdParamsSchema,
  PICKUP_TEXTS,
  PickupAgreeInputSchema,
  PickupAskInputSchema,
  PickupOfferInputSchema,
  PickupSchema,
  ReservedBetweenSchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { isBlockedPair } from '../relations/index.js';
import { agreePickup, askAnotherPickup } from './commands/answer-pickup.js';
import { cancelPickup } from './commands/cancel-pickup.js';
import { offerPickup } from './commands/offer-pickup.js';
import { pickupParty } from './commands/pickup-rights.js';
import { tradeConflict } from './commands/trade-conflict.js';
import { calendarFor } from './pickup-notices.js';
import { deletePickup, getPickup, pickupMembers, reservedBetween, toPickup } from './pickup.queries.js';

const tags = ['trade'];

/**
 * Pickup times on a reserved listing, between its owner and the member it is kept for: offer one to
 * three times (or move an agreed one), pick one or ask for another, cancel, and the agreed time as
 * a calendar file. Each step tells the other member; see ./commands.
 */
export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  // An owner's edit that moves a listing off Reserved ends its reservation, and the pickup with it.
  app.events.on('reservation.changed', async ({ listingId, reserved }) => {
    if (!reserved) await deletePickup(app.db, listingId);
  });

  app.put(
    '/listings/:id/pickup',
    {
      schema: {
        tags,
        description:
          'Offers one to three pickup times (UTC instants with their offset, ahead of now and within 90 days) and a place to the other member of a reserved listing; replaces what was offered or agreed before (a move). For its owner and the member it is kept for only (403); 409 when it is not reserved.',
        params: IdParamsSchema,
        body: PickupOfferInputSchema,
        response: { 200: PickupSchema },
      },
    },
    async (request) => offerPickup(app, me(request).id, request.params.id, request.body),
  );

  app.post(
    '/listings/:id/pickup/agree',
    {
      schema: {
        tags,
        description:
          'Picks one of the times the other member offered; both are e-mailed a calendar entry (per their switch), reminded two hours before, and the owner is asked after it whether it was handed over.',
        params: IdParamsSchema,
        body: PickupAgreeInputSchema,
        response: { 200: PickupSchema },
      },
    },
    async (request) => agreePickup(app, me(request).id, request.params.id, request.body.time),
  );

  app.post(
    '/listings/:id/pickup/ask',
    {
      schema: {
        tags,
        description:
          'None of the offered times suits: asks the member who offered them for others, with an optional note.',
        params: IdParamsSchema,
        body: PickupAskInputSchema,
        response: { 200: PickupSchema },
      },
    },
    async (request) => askAnotherPickup(app, me(request).id, request.params.id, request.body.note),
  );

  app.delete(
    '/listings/:id/pickup',
    {
      schema: {
        tags,
        description: 'Calls the pickup off (the listing stays reserved); the other member is told.',
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await cancelPickup(app, me(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/listings/:id/pickup.ics',
    {
      schema: {
        tags,
        description: 'The agreed pickup as an iCalendar file (RFC 5545) in my time zone. 409 until a time is agreed.',
        params: IdParamsSchema,
        produces: ['text/calendar'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const userId = me(request).id;
      const party = await pickupParty(app, userId, request.params.id);
      const row = await getPickup(app.db, party.listing.id);
      const pickup = row && toPickup(row);
      if (!pickup?.agreed_time) throw tradeConflict(PICKUP_TEXTS.notAgreed);
      const members = await pickupMembers(app.db, [userId, party.otherId]);
      const reader = members.find((m) => m.id === userId);
      if (!reader) throw notFound();
      const file = calendarFor(
        app,
        reader,
        members.find((m) => m.id === party.otherId),
        {
          listingId: party.listing.id,
          listingTitle: party.listing.title,
          time: pickup.agreed_time,
          place: pickup.place,
          updatedAt: pickup.updated_at,
        },
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="pickup.ics"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.get(
    '/trades/reserved-with/:id',
    {
      schema: {
        tags,
        description:
          'The listings reserved between me and another member, either way, each with its pickup: what our chat shows. Empty for a blocked pair.',
        params: IdParamsSchema,
        response: { 200: z.array(ReservedBetweenSchema) },
      },
    },
    async (request) => {
      const userId = me(request).id;
      if (await isBlockedPair(app.db, userId, request.params.id)) return [];
      return reservedBetween(app.db, userId, request.params.id);
    },
  );
};
