import {
  FRIEND_REQUEST_CONFLICT,
  FriendRequestInputSchema,
  FriendRequestSchema,
  FriendRequestsQuerySchema,
  FriendRespondInputSchema,
  FriendSchema,
  FriendStatusSchema,
  FriendUserParamsSchema,
  TEXTS,
  type FriendStatus,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/schema.js';
import { AppError, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { isBlockedPair, memberExists } from '../relations/index.js';
import {
  acceptRequest,
  declineRequest,
  findFriendship,
  friendStatusOf,
  insertFriendRequest,
  listFriendRequests,
  listFriends,
  removeFriendship,
} from './friends.queries.js';

const tags = ['friends'];

/** Each pass either settles the request or saw the pair change under it; a few always suffice in practice. */
const REQUEST_ATTEMPTS = 4;

/**
 * Asks `friendId` to be friends, or accepts when they already asked me. Racing requests
 * (both directions, or the same one twice) are settled by the unique pair: whoever inserts
 * second finds the row and decides from it, without a transaction held across the conflict.
 */
async function sendFriendRequest(db: Executor, userId: number, friendId: number): Promise<FriendStatus> {
  for (let attempt = 0; attempt < REQUEST_ATTEMPTS; attempt++) {
    const row = await findFriendship(db, userId, friendId);
    if (!row) {
      const requestId = await insertFriendRequest(db, userId, friendId);
      if (requestId !== undefined) return { status: 'pending', direction: 'outgoing', request_id: requestId };
      continue;
    }
    if (row.status === 'accepted') throw new AppError('ALREADY_FRIENDS', TEXTS.friendAlready);
    if (row.requester_id === userId) throw new AppError('ALREADY_REQUESTED', TEXTS.friendAlreadyRequested);
    if (await acceptRequest(db, row.id, userId)) return { status: 'accepted' };
    // Their request was accepted by a racing call, or cancelled: read the pair again.
  }
  throw new AppError('CONFLICT', FRIEND_REQUEST_CONFLICT);
}

/** /api/auth/friends: requests, answers, the friends list and where I stand with someone. */
export const friendsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags, response: { 200: z.array(FriendSchema) } } }, async (request) =>
    listFriends(app.db, me(request).id),
  );

  app.get(
    '/requests',
    { schema: { tags, querystring: FriendRequestsQuerySchema, response: { 200: z.array(FriendRequestSchema) } } },
    async (request) => listFriendRequests(app.db, me(request).id, request.query.direction),
  );

  app.post(
    '/request',
    { schema: { tags, body: FriendRequestInputSchema, response: { 201: FriendStatusSchema } } },
    async (request, reply) => {
      const userId = me(request).id;
      const friendId = request.body.friend_id;
      if (friendId === userId) throw invalidField('friend_id', TEXTS.friendSelf);
      if (!(await memberExists(app.db, friendId)) || (await isBlockedPair(app.db, userId, friendId))) {
        throw notFound(TEXTS.userNotFound);
      }
      const status = await sendFriendRequest(app.db, userId, friendId);
      await app.notify.friendshipChanged(userId, { otherId: friendId }); // in-app notice and e-mail; never fails
      return reply.status(201).send(status);
    },
  );

  app.post(
    '/respond',
    { schema: { tags, body: FriendRespondInputSchema, response: { 200: FriendStatusSchema } } },
    async (request) => {
      const userId = me(request).id;
      const { request_id: requestId, accept } = request.body;
      const done = accept
        ? await acceptRequest(app.db, requestId, userId)
        : await declineRequest(app.db, requestId, userId);
      if (!done) throw notFound(TEXTS.friendRequestNotFound);
      if (accept) await app.notify.friendshipChanged(userId, { requestId }); // tells the requester; never fails
      return { status: accept ? ('accepted' as const) : ('none' as const) };
    },
  );

  app.get(
    '/status/:userId',
    { schema: { tags, params: FriendUserParamsSchema, response: { 200: FriendStatusSchema } } },
    async (request) => friendStatusOf(app.db, me(request).id, request.params.userId),
  );

  app.delete('/:userId', { schema: { tags, params: FriendUserParamsSchema } }, async (request, reply) => {
    if (!(await removeFriendship(app.db, me(request).id, request.params.userId))) {
      throw notFound(TEXTS.friendshipNotFound);
    }
    return reply.status(204).send();
  });
};
