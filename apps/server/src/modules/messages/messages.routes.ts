import {
  IdSchema,
  MessageSchema,
  MessagesQuerySchema,
  MessagesUnreadCountSchema,
  SAFETY_TEXTS,
  SendMessageInputSchema,
  TEXTS,
  ThreadSchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { isBlockedPair } from '../relations/index.js';
import { conversationPartnerExists, countUnread, listConversation, listThreads } from './messages.queries.js';
import { markRead } from './commands/mark-read.js';
import { sendMessage } from './commands/send-message.js';

const tags = ['messages'];

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
