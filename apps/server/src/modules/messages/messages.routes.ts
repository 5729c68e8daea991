import {
  IdSchema,
  type Message,
  MessageSchema,
  MessagesQuerySchema,
  MessagesUnreadCountSchema,
  SAFETY_TEXTS,
  SendMessageInputSchema,
  TEXTS,
  ThreadSchema,
} from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { toAppError } from '../../plugins/errors.js';
import { isBlockedPair } from '../blocks/blocks.queries.js';
import {
  conversationPartnerExists,
  countUnread,
  findByClientId,
  insertMessage,
  listConversation,
  listThreads,
  markConversationRead,
  userExists,
} from './messages.queries.js';

const tags = ['messages'];

/**
 * The one way a message is sent, by POST /messages and by the socket's send_message alike.
 * Validates `input` (anything a client sent), stores the message and pushes `new_message`
 * to every open socket of both members.
 *
 * With a `client_id` a retried send is idempotent: it answers the message stored by the
 * first attempt, stores nothing and pushes nothing, since the first attempt already
 * pushed it to both members.
 *
 * Every other send spends the sender's one message budget (429 RATE_LIMITED when spent).
 *
 * `card` is set only by the server ("I'd like this"): the listing the message carries a card of.
 */
export async function sendMessage(
  app: FastifyInstance,
  senderId: number,
  input: unknown,
  card?: { listing_id: number },
): Promise<Message> {
  const parsed = SendMessageInputSchema.safeParse(input);
  if (!parsed.success) throw toAppError(parsed.error);
  const { receiver_id, content, client_id } = parsed.data;
  if (receiver_id === senderId) throw invalidField('receiver_id', TEXTS.messageSelf);

  if (client_id) {
    const earlier = await findByClientId(app.db, senderId, client_id);
    if (earlier) return earlier;
  }
  // After the look-up, so a retry of a stored message costs nothing; before the insert, so a
  // flood past the budget costs no further database work.
  await app.messageBudget.spend(senderId);

  // One statement stores the message only if the receiver may be messaged; only when it stores
  // nothing do we ask why, in the order a client is answered: gone, blocked, or a retry.
  const stored = await insertMessage(app.db, {
    sender_id: senderId,
    receiver_id,
    content,
    client_id: client_id ?? null,
    ...card,
  });
  if (!stored) {
    if (!(await userExists(app.db, receiver_id))) throw notFound(TEXTS.receiverNotFound);
    if (await isBlockedPair(app.db, senderId, receiver_id)) throw forbidden(SAFETY_TEXTS.cannotMessage);
    // A retry with the same client_id won the race between our look-up and our insert.
    const earlier = client_id ? await findByClientId(app.db, senderId, client_id) : undefined;
    if (!earlier) throw new Error('a message was refused but neither its receiver nor its client_id explains why');
    return earlier;
  }
  app.realtime.toUsers([receiver_id, senderId], 'new_message', stored);
  return stored;
}

/**
 * Marks what `otherId` sent `readerId` as read and, when anything was unread, tells both
 * members' tabs: the sender sees the receipt, the reader's other tabs clear their badges.
 */
export async function markRead(app: FastifyInstance, readerId: number, otherId: number): Promise<void> {
  const marked = await markConversationRead(app.db, readerId, otherId);
  if (!marked) return;
  const event = { reader_id: readerId, user_id: otherId, ...marked };
  app.realtime.toUser(readerId, 'messages_read', event);
  app.realtime.toUser(otherId, 'messages_read', event);
}

const ConversationParamsSchema = z.object({ userId: IdSchema });

/** /api/messages: threads, one conversation (paged back by id), and sending. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        description: 'My conversations, newest first, each with its last message and how many of theirs are unread.',
        response: { 200: z.array(ThreadSchema) },
      },
    },
    async (request) => listThreads(app.db, me(request).id),
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags,
        description: 'How many messages sent to me are unread, for the navigation badge.',
        response: { 200: MessagesUnreadCountSchema },
      },
    },
    async (request) => ({ count: await countUnread(app.db, me(request).id) }),
  );

  app.get(
    '/:userId',
    {
      schema: {
        tags,
        description:
          'Messages between me and the member, ascending by id. `before` (a message id) pages back: the newest `limit` older than it. Marks what they sent me as read (pushing `messages_read`). 403 when either of us blocked the other.',
        params: ConversationParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: z.array(MessageSchema) },
      },
    },
    async (request) => {
      const user = me(request);
      const otherId = request.params.userId;
      if (!(await conversationPartnerExists(app.db, otherId))) throw notFound(TEXTS.userNotFound);
      if (await isBlockedPair(app.db, user.id, otherId)) throw forbidden(SAFETY_TEXTS.cannotMessage);
      await markRead(app, user.id, otherId);
      return listConversation(app.db, user.id, otherId, request.query);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        description:
          'Sends a message; it is also pushed as `new_message` to both members. A repeated `client_id` answers the message already stored. 403 when either member blocked the other. 429 (with Retry-After) when the member sends faster than the budget shared with the socket’s `send_message`.',
        body: SendMessageInputSchema,
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      const message = await sendMessage(app, me(request).id, request.body);
      return reply.status(201).send(message);
    },
  );
};
