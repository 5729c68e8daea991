import type { Notification } from '@gardenswap/shared';
import { LISTING_STATES } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OutgoingMail } from '../mail/mailer.js';
import { friendInvitationMail } from '../mail/templates/friend-invitation.mail.js';
import { matchMail } from '../mail/templates/match.mail.js';
import { wordRuleOf } from '../../lib/word-rule.js';
import { titlesMatch } from './matcher.js';
import {
  type CandidateWant,
  type MatchingListing,
  canSeeOnOffer,
  candidateWants,
  friendsOnlyOnOffer,
  getFriendship,
  getFriendshipBetween,
  getListingForMatching,
  getNotification,
  getRecipient,
  insertNotification,
  wantCategoriesOf,
  wasToldOfListing,
} from './notifications.queries.js';

/**
 * What other modules tell the notifications module. Every call resolves (never rejects): a
 * failure is logged, so the request that triggered it always succeeds. E-mails are queued.
 */
export interface Notifier {
  /** A listing was created or changed (fields, visibility, pause, status): tell members it now matches. */
  listingChanged(listingId: number): Promise<void>;
  /**
   * A friend request was sent or accepted between `actorId` and the other member (given by id,
   * or by the request's id): the other side is told, and an acceptance opens friends-only matches.
   */
  friendshipChanged(actorId: number, other: { otherId: number } | { requestId: number }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notify: Notifier;
  }
}

const placeOf = (city: string | null, state: string | null) => (city && state ? `${city}, ${state}` : city || state);

export const notifierPlugin = fp(
  async (app: FastifyInstance) => {
    const origin = app.config.publicOrigin;

    /** A listing's thumbnail as its recipient may fetch it from an e-mail: signed, for a week or two, unless public. */
    const emailPhoto = (recipientId: number, listing: MatchingListing) =>
      app.photoUrls.signerFor(recipientId, 'email')(listing.thumbnail, {
        is_public: listing.is_public === 1,
        is_active: listing.is_active === 1,
      });

    /** Pushes a stored notification to the member's open tabs; its web push, queued with it, goes out now. */
    async function push(userId: number, id: number) {
      app.push.wake();
      const notification: Notification | undefined = await getNotification(
        app.db,
        userId,
        id,
        app.photoUrls.signerFor(userId),
      );
      if (notification) app.realtime.toUser(userId, 'notification', notification);
    }

    /**
     * Stores a notice and queues its e-mail in one transaction: a crash between the two would
     * leave a notice whose e-mail is never sent (the notice is never stored twice). Undefined when
     * the notice already existed, and then no e-mail either.
     */
    function noticeWithMail(notice: Parameters<typeof insertNotification>[1], mail: OutgoingMail | undefined) {
      return app.db.transaction().execute(async (trx) => {
        const id = await insertNotification(trx, notice);
        if (id !== undefined && mail) await app.mailer.send(mail, trx);
        return id;
      });
    }

    async function tellMatch(listing: MatchingListing, want: CandidateWant) {
      // Once per member and listing, whichever of their wants matched, and once per listing and want ever.
      if (await wasToldOfListing(app.db, want.user_id, listing.id)) return;
      if (!(await canSeeOnOffer(app.db, want.user_id, listing.id))) return;
      let mail: OutgoingMail | undefined;
      if (Number(want.may_email) === 1) {
        const unsubscribeUrl = await app.mailer.unsubscribeUrl({ userId: want.user_id }, 'matches');
        mail = {
          to: want.email,
          unsubscribeUrl,
          ...(await matchMail({
            recipientName: want.first_name || want.username,
            wantTitle: want.title,
            listing: {
              title: listing.title,
              categoryId: listing.category_id,
              typeId: listing.type_id,
              price: Number(listing.price),
              url: `${origin}/listings/${listing.id}`,
              imageUrl: listing.thumbnail ? `${origin}/api/${emailPhoto(want.user_id, listing)}` : null,
            },
            owner: { username: listing.owner_username, place: placeOf(listing.owner_city, listing.owner_state) },
            unsubscribeUrl,
          })),
        };
      }
      const id = await noticeWithMail(
        {
          user_id: want.user_id,
          type: 'match',
          listing_id: listing.id,
          want_id: want.id,
          from_user_id: listing.owner_id,
          match_key: `${listing.id}:${want.id}`,
        },
        mail,
      );
      if (id !== undefined) await push(want.user_id, id);
    }

    async function matchListing(listingId: number) {
      const listing = await getListingForMatching(app.db, listingId);
      if (!listing || listing.is_active !== 1 || listing.state_id === LISTING_STATES.gone) return;
      const told = new Set<number>();
      for (const want of await candidateWants(app.db, listing)) {
        if (told.has(want.user_id) || !titlesMatch(want.title, listing.title, wordRuleOf(app.db))) continue;
        told.add(want.user_id);
        await tellMatch(listing, want);
      }
    }

    /** A new friendship makes each side's friends-only listings visible to the other. */
    async function matchNewFriends(a: number, b: number) {
      for (const [viewer, owner] of [
        [a, b],
        [b, a],
      ] as const) {
        for (const { id } of await friendsOnlyOnOffer(app.db, owner, await wantCategoriesOf(app.db, viewer)))
          await matchListing(id);
      }
    }

    async function tellFriendship(actorId: number, otherId: number) {
      const row = await getFriendshipBetween(app.db, actorId, otherId);
      if (!row) return;
      if (row.status === 'accepted') {
        if (row.requester_id !== actorId) {
          const id = await insertNotification(app.db, {
            user_id: row.requester_id,
            type: 'friend_accepted',
            from_user_id: actorId,
            match_key: `accepted:${actorId}`,
          });
          if (id !== undefined) await push(row.requester_id, id);
        }
        await matchNewFriends(actorId, otherId);
        return;
      }
      if (row.requester_id !== actorId) return;
      const [to, from] = await Promise.all([
        getRecipient(app.db, otherId, 'friend_requests'),
        getRecipient(app.db, actorId, 'friend_requests'),
      ]);
      let mail: OutgoingMail | undefined;
      if (to && from && Number(to.may_email) === 1) {
        const unsubscribeUrl = await app.mailer.unsubscribeUrl({ userId: to.id }, 'friend_requests');
        mail = {
          to: to.email,
          unsubscribeUrl,
          ...(await friendInvitationMail({
            kind: 'request',
            recipientName: to.first_name || to.username,
            fromName: from.first_name || from.username,
            fromUsername: from.username,
            place: placeOf(from.city, from.state),
            friendCount: Number(from.friend_count),
            profileUrl: `${origin}/seller/${from.id}`,
            unsubscribeUrl,
          })),
        };
      }
      // One notice (and one e-mail) per member who asks, so asking, cancelling and asking again cannot flood anyone.
      const id = await noticeWithMail(
        { user_id: otherId, type: 'friend_request', from_user_id: actorId, match_key: `request:${actorId}` },
        mail,
      );
      if (id !== undefined) await push(otherId, id);
    }

    const safely =
      <A extends unknown[]>(what: string, work: (...args: A) => Promise<void>) =>
      async (...args: A) => {
        try {
          await work(...args);
        } catch (error) {
          app.log.error({ err: error, args }, `notifying ${what} failed`);
        }
      };

    const notifier: Notifier = {
      listingChanged: safely('a listing change', matchListing),
      friendshipChanged: safely('a friendship change', async (actorId, other) => {
        let otherId: number | undefined;
        if ('otherId' in other) otherId = other.otherId;
        else {
          const row = await getFriendship(app.db, other.requestId);
          if (row) otherId = row.user_low === actorId ? row.user_high : row.user_low;
        }
        if (otherId !== undefined) await tellFriendship(actorId, otherId);
      }),
    };
    app.decorate('notify', notifier);
    // A listing listed or changed (but for its photos) may now match wish lists.
    app.events.on('listing.created', ({ listingId }) => notifier.listingChanged(listingId));
    app.events.on('listing.changed', ({ listingId, photosOnly }) =>
      photosOnly ? undefined : notifier.listingChanged(listingId),
    );
  },
  { name: 'notifier', dependencies: ['mailer', 'events', 'images', 'realtime', 'push-sender'] },
);
