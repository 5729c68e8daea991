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
import { AppError, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { isBlockedPair } from '../relations/index.js';
import { sendMessage } from '../messages/index.js';
import {
  canSee,
  getListingTrade,
  getMember,
  getTrade,
  getVisibleTradeListing,
  hideThanks,
  insertThanks,
  isInterested,
  listInterested,
  listMyTrades,
  recordInterest,
  recordTrade,
  setReservation,
  tradeRecord,
} from './trade.queries.js';
import { pushUpdate, tell, tellUnreserved } from './trade-notices.js';

const tags = ['trade'];
const conflict = (detail: string) => new AppError('CONFLICT', detail);

/**
 * The trade, start to finish: "I'd like this", the interested members, reserving for one of them,
 * handing over, and thanks. Every step checks its rights here: only the owner reserves and hands
 * over, only the two members of a trade thank, and a listing the member may not see is not there.
 */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  // An owner's edit that moves a listing off Reserved ends its reservation: its member is told.
  app.events.on('reservation.changed', async ({ listingId, ownerId, memberId, reserved }) => {
    if (reserved) return;
    await tellUnreserved(app, listingId, ownerId, memberId);
    pushUpdate(app, [ownerId, memberId], listingId);
  });

  /** The listing if the member may see it, else 404 (never telling a hidden one from a missing one). */
  async function visibleListing(userId: number, id: number) {
    const listing = await getVisibleTradeListing(app.db, userId, id);
    if (!listing) throw notFound(TEXTS.listingNotFound);
    return listing;
  }

  /** The listing when the member owns it: 404 when they cannot see it, 403 when it is someone else's. */
  async function ownListing(userId: number, id: number) {
    const listing = await visibleListing(userId, id);
    if (listing.owner_id !== userId) throw forbidden();
    return listing;
  }

  /** A member the owner may trade with: not themselves, not blocked either way, still able to see the listing. */
  async function assertTradePartner(ownerId: number, memberId: number, listingId: number, field: string) {
    if (memberId === ownerId) throw invalidField(field, TRADE_TEXTS.ownListing);
    if (await isBlockedPair(app.db, ownerId, memberId)) throw forbidden(TRADE_TEXTS.cannotTrade);
    if (!(await canSee(app.db, memberId, listingId))) throw forbidden(TRADE_TEXTS.cannotTrade);
  }

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
    async (request) => {
      const user = me(request);
      const listing = await visibleListing(user.id, request.params.id);
      if (listing.owner_id === user.id) throw forbidden(TRADE_TEXTS.ownListing);
      if (listing.state_id === LISTING_STATES.gone) throw conflict(TRADE_TEXTS.listingGone);
      if (await isInterested(app.db, listing.id, user.id)) return { owner_id: listing.owner_id, created: false };
      // The message first: when it is refused (sending too fast), nothing is recorded.
      await sendMessage(
        app,
        user.id,
        { receiver_id: listing.owner_id, content: request.body.content ?? TRADE_TEXTS.interestDefault },
        { listing_id: listing.id },
      );
      const created = await recordInterest(app.db, listing.id, user.id);
      if (created) {
        await tell(app, {
          user_id: listing.owner_id,
          type: 'listing_interest',
          listing_id: listing.id,
          from_user_id: user.id,
          match_key: `interest:${listing.id}:${user.id}`,
        });
        pushUpdate(app, [listing.owner_id, user.id], listing.id);
      }
      return { owner_id: listing.owner_id, created };
    },
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
      const listing = await ownListing(user.id, request.params.id);
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
      const listing = await visibleListing(user.id, request.params.id);
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
      const user = me(request);
      const listing = await ownListing(user.id, request.params.id);
      if (listing.state_id === LISTING_STATES.gone) throw conflict(TRADE_TEXTS.listingGone);
      const { user_id, pickup_note } = request.body;
      await assertTradePartner(user.id, user_id, listing.id, 'user_id');
      if (!(await isInterested(app.db, listing.id, user_id))) throw invalidField('user_id', TRADE_TEXTS.notInterested);
      const note = pickup_note ? pickup_note : null;
      await setReservation(app.db, user.id, listing.id, { userId: user_id, pickupNote: note });
      await app.events.emit('listing.changed', { listingId: listing.id, ownerId: user.id });
      const previous = listing.state_id === LISTING_STATES.reserved ? listing.reserved_for_id : null;
      if (previous && previous !== user_id) await tellUnreserved(app, listing.id, user.id, previous);
      await tell(app, {
        user_id,
        type: 'listing_reserved',
        listing_id: listing.id,
        from_user_id: user.id,
        match_key: `reserved:${listing.id}:${Date.now()}`,
        ...(note ? { note } : {}),
      });
      pushUpdate(app, [user.id, user_id, previous], listing.id);
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
      const user = me(request);
      const listing = await ownListing(user.id, request.params.id);
      if (listing.state_id !== LISTING_STATES.reserved) throw conflict(TRADE_TEXTS.notReserved);
      await setReservation(app.db, user.id, listing.id, null);
      await app.events.emit('listing.changed', { listingId: listing.id, ownerId: user.id });
      if (listing.reserved_for_id) await tellUnreserved(app, listing.id, user.id, listing.reserved_for_id);
      pushUpdate(app, [user.id, listing.reserved_for_id], listing.id);
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
      const listing = await ownListing(user.id, request.params.id);
      if (listing.state_id === LISTING_STATES.gone) throw conflict(TRADE_TEXTS.listingGone);
      const { kind, user_id, username } = request.body;
      const field = user_id !== undefined ? 'user_id' : 'username';
      const receiver = await getMember(app.db, user_id !== undefined ? { id: user_id } : { username: username! });
      if (!receiver) throw invalidField(field, TRADE_TEXTS.receiverNotFound);
      if (receiver.id === user.id) throw invalidField(field, TRADE_TEXTS.ownListing);
      if (await isBlockedPair(app.db, user.id, receiver.id)) throw forbidden(TRADE_TEXTS.cannotTrade);

      const tradeId = await app.db.transaction().execute((trx) => recordTrade(trx, listing, receiver.id, kind));
      if (tradeId === undefined) throw conflict(TRADE_TEXTS.listingGone);
      // A gone listing ends every swap it was part of: those members are told (`before`).
      const { id, owner_id, title, category_id } = listing;
      await app.events.emit('listing.changed', {
        listingId: id,
        ownerId: owner_id,
        before: { id, owner_id, title, category_id },
      });
      const kept = listing.state_id === LISTING_STATES.reserved ? listing.reserved_for_id : null;
      if (kept && kept !== receiver.id) await tellUnreserved(app, listing.id, user.id, kept);
      // No listing on these notices: the receiver may not see the listing (a friends-only one), yet must be asked.
      for (const [to, from] of [
        [receiver.id, user.id],
        [user.id, receiver.id],
      ] as const)
        await tell(app, {
          user_id: to,
          type: 'trade_thanks_asked',
          from_user_id: from,
          match_key: `trade:${tradeId}`,
          note: listing.title,
        });
      pushUpdate(app, [user.id, receiver.id, kept], listing.id, tradeId);
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
    async (request, reply) => {
      const user = me(request);
      const trade = await getTrade(app.db, user.id, request.params.id);
      if (!trade) throw notFound(TRADE_TEXTS.tradeNotFound);
      const otherId = trade.owner.id === user.id ? trade.receiver.id : trade.owner.id;
      if (await isBlockedPair(app.db, user.id, otherId)) throw forbidden(TRADE_TEXTS.cannotTrade);
      const thanks = await insertThanks(app.db, {
        trade_id: trade.id,
        from_user_id: user.id,
        to_user_id: otherId,
        content: request.body.content,
      });
      if (!thanks) throw conflict(TRADE_TEXTS.alreadyThanked);
      await tell(app, {
        user_id: otherId,
        type: 'thanks_received',
        from_user_id: user.id,
        match_key: `thanks:${thanks.id}`,
        note: thanks.content,
      });
      if (trade.listing_id) pushUpdate(app, [user.id, otherId], trade.listing_id, trade.id);
      return reply.status(201).send(thanks);
    },
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
