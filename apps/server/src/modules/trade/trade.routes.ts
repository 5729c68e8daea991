import {
  HandOverInputSchema,
  IdParamsSchema,
  InterestedMemberSchema,
  InterestInputSchema,
  InterestResultSchema,
  LISTING_STATES,
  ListingTradeStatusSchema,
  ReserveInputSchema,
  TEXTS,
  ThanksInputSchema,
  ThanksSchema,
  TRADE_TEXTS,
  TradeRecordSchema,
  TradeSchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { isBlockedPair } from '../relations/index.js';
import { expressInterest } from './commands/express-interest.js';
import { handOver } from './commands/hand-over.js';
import { cancelReservation, reserveListing } from './commands/reserve-listing.js';
import { thankTradePartner } from './commands/thank-trade-partner.js';
import { ownListing, visibleListing } from './commands/trade-rights.js';
import {
  getListingTrade,
  getMember,
  getTrade,
  hideThanks,
  isInterested,
  listInterested,
  listMyTrades,
  tradeRecord,
} from './trade.queries.js';
import { pushUpdate, tellUnreserved } from './trade-notices.js';
import { getPickup, toPickup } from './pickup.queries.js';

const pickupOf = (db: Executor, listingId: number) =>
  getPickup(db, listingId).then((row) => (row ? toPickup(row) : null));

const tags = ['trade'];

/**
 * The trade, start to finish: "I'd like this", the interested members, reserving for one of them,
 * handing over, and thanks. Each step is a command (./commands) that checks its rights: only the
 * owner reserves and hands over, only the two members of a trade thank, and a listing the member
 * may not see is not there.
 */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  // An owner's edit that moves a listing off Reserved ends its reservation: its member is told.
  app.events.on('reservation.changed', async ({ listingId, ownerId, memberId, reserved }) => {
    if (reserved) return;
    await tellUnreserved(app, listingId, ownerId, memberId);
    pushUpdate(app, [ownerId, memberId], listingId);
  });

  app.post(
    '/listings/:id/interest',
    {
      schema: {
        tags,
        description:
          '"I\'d like this": records me as interested (once) and, the first time, sends the owner a message carrying a card of the listing. 404 when I cannot see the listing (blocked pairs included); 403 on my own listing; 409 once it is gone.',
        params: IdParamsSchema,
        body: InterestInputSchema,
        response: { 200: InterestResultSchema },
      },
    },
    async (request) => expressInterest(app, me(request).id, request.params.id, request.body.content),
  );

  app.get(
    '/listings/:id/interests',
    {
      schema: {
        tags,
        description: 'The members who asked for my listing, newest first. 403 for a listing of someone else.',
        params: IdParamsSchema,
        response: { 200: z.array(InterestedMemberSchema) },
      },
    },
    async (request) => {
      const user = me(request);
      const listing = await ownListing(app, user.id, request.params.id);
      return listInterested(app.db, user.id, listing.id);
    },
  );

  app.get(
    '/listings/:id/trade',
    {
      schema: {
        tags,
        description:
          'Where the listing stands for me: whether I asked for it, whom it is reserved for and the pickup note (only for its owner and that member), and its trade (only for the two members).',
        params: IdParamsSchema,
        response: { 200: ListingTradeStatusSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const listing = await visibleListing(app, user.id, request.params.id);
      const isOwner = listing.owner_id === user.id;
      const reservedForMe = listing.reserved_for_id === user.id;
      const reserved = listing.state_id === LISTING_STATES.reserved && listing.reserved_for_id !== null;
      const reservedFor =
        reserved && (isOwner || reservedForMe) ? await getMember(app.db, { id: listing.reserved_for_id! }) : undefined;
      return {
        listing_id: listing.id,
        state_id: listing.state_id,
        is_owner: isOwner,
        interested: await isInterested(app.db, listing.id, user.id),
        reserved_for_me: reserved && reservedForMe,
        reserved_for: reservedFor ?? null,
        pickup_note: reservedFor ? listing.pickup_note : null,
        pickup: reservedFor ? await pickupOf(app.db, listing.id) : null,
        trade: (await getListingTrade(app.db, user.id, listing.id)) ?? null,
      };
    },
  );

  app.post(
    '/listings/:id/reservation',
    {
      schema: {
        tags,
        description:
          'Reserves my listing for one of the members who asked for it, with an optional pickup note; both of us are told. 403 for someone else’s listing or a blocked member; 409 once it is gone.',
        params: IdParamsSchema,
        body: ReserveInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await reserveListing(app, me(request).id, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/listings/:id/reservation',
    {
      schema: {
        tags,
        description:
          'Makes my reserved listing available again; the member it was kept for is told. 409 when it is not reserved.',
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await cancelReservation(app, me(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/listings/:id/hand-over',
    {
      schema: {
        tags,
        description:
          'Marks my listing given, swapped or sold to a member (by id, or by username): it becomes Gone and both of us are asked for a thanks. 403 for someone else’s listing or a blocked member; 409 once it is gone.',
        params: IdParamsSchema,
        body: HandOverInputSchema,
        response: { 201: TradeSchema },
      },
    },
    async (request, reply) => {
      const user = me(request);
      const tradeId = await handOver(app, user.id, request.params.id, request.body);
      return reply.status(201).send((await getTrade(app.db, user.id, tradeId))!);
    },
  );

  app.get(
    '/trades',
    {
      schema: {
        tags,
        description: 'My trades, newest first, each saying whether I thanked yet.',
        response: { 200: z.array(TradeSchema) },
      },
    },
    async (request) => listMyTrades(app.db, me(request).id),
  );

  app.get(
    '/trades/:id',
    {
      schema: {
        tags,
        description: 'One of my trades; 404 for anyone but its two members.',
        params: IdParamsSchema,
        response: { 200: TradeSchema },
      },
    },
    async (request) => {
      const trade = await getTrade(app.db, me(request).id, request.params.id);
      if (!trade) throw notFound(TRADE_TEXTS.tradeNotFound);
      return trade;
    },
  );

  app.post(
    '/trades/:id/thanks',
    {
      schema: {
        tags,
        description:
          'Thanks the other member of my trade (1..280 characters, once). 404 for anyone but its two members; 409 the second time.',
        params: IdParamsSchema,
        body: ThanksInputSchema,
        response: { 201: ThanksSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await thankTradePartner(app, me(request).id, request.params.id, request.body.content)),
  );

  app.post(
    '/thanks/:id/hide',
    {
      schema: {
        tags,
        description: 'Hides a thanks given to me from my seller page (it cannot be edited). 404 for anyone else’s.',
        params: IdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!(await hideThanks(app.db, me(request).id, request.params.id))) throw notFound(TRADE_TEXTS.thanksNotFound);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/users/:id/trades',
    {
      schema: {
        tags,
        description:
          'A member’s record for their seller page: how many trades, how many thanks, and the latest thanks.',
        params: IdParamsSchema,
        response: { 200: TradeRecordSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const member = await getMember(app.db, { id: request.params.id });
      if (!member || (await isBlockedPair(app.db, user.id, member.id))) throw notFound(TEXTS.userNotFound);
      return tradeRecord(app.db, member.id, user.id);
    },
  );
};
