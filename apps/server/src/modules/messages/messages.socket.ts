import { IdSchema, type SendMessageAck } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { toAppError } from '../../plugins/errors.js';
import { isBlockedPair } from '../relations/index.js';
import { messageBudgetPlugin } from './messages.limits.js';
import { markRead } from './commands/mark-read.js';
import { sendMessage } from './commands/send-message.js';
import { conversationPartnerExists } from './messages.queries.js';

/** A socket's `typing` counts at most once per this many milliseconds; the rest are dropped. */
export const TYPING_INTERVAL_MS = 1000;

const TypingSchema = z.object({ receiver_id: IdSchema });
const MarkReadSchema = z.object({ user_id: IdSchema });

/**
 * The socket side of chat: `send_message` goes through the same sendMessage as
 * POST /messages and acknowledges with the stored message or the error body; `typing` is
 * relayed to the receiver's tabs; `mark_read` marks a conversation read as opening it does.
 * A socket is a client we do not control: a junk payload or a missing acknowledgement
 * must answer an error at most, never throw.
 */
export const messagesSocket = fp(
  async (app: FastifyInstance) => {
    // Registered here, at the root, so the API's routes registered later share the same counters.
    await app.register(messageBudgetPlugin);
    app.realtime.onConnection((socket) => {
      const userId = socket.data.user.id;
      // A tab's messages are stored and pushed in the order it sent them: each send waits for the
      // one before it (on PostgreSQL two in flight could otherwise commit in either order).
      let sending: Promise<void> = Promise.resolve();

      socket.on('send_message', (payload: unknown, ack?: unknown) => {
        // A client may emit with only a callback, or with no callback at all.
        const reply =
          typeof ack === 'function' ? ack : typeof payload === 'function' && ack === undefined ? payload : undefined;
        const input = reply === payload ? undefined : payload;
        const answer = (result: SendMessageAck) => {
          if (reply) (reply as (r: SendMessageAck) => void)(result);
        };
        const sent = sending.then(() => sendMessage(app, userId, input));
        const answered = sent.then(
          (message) => answer({ ok: true, message }),
          (error: unknown) => {
            const appError = toAppError(error);
            if (appError.status >= 500) app.log.error({ err: error }, 'send_message failed');
            const retryAfter = Number(appError.headers?.['retry-after']);
            answer({
              ok: false,
              detail: appError.detail,
              code: appError.code,
              ...(retryAfter > 0 ? { retry_after: retryAfter } : {}),
            });
          },
        );
        // Whatever happened to this send, the next one goes ahead.
        sending = answered.catch((error: unknown) => app.log.error({ err: error }, 'send_message answer failed'));
      });

      let lastTyping = 0;
      socket.on('typing', (payload: unknown) => {
        const parsed = TypingSchema.safeParse(payload);
        if (!parsed.success || parsed.data.receiver_id === userId) return;
        const now = Date.now();
        if (now - lastTyping < TYPING_INTERVAL_MS) return;
        lastTyping = now;
        const receiverId = parsed.data.receiver_id;
        isBlockedPair(app.db, userId, receiverId).then(
          (blocked) => {
            if (!blocked) app.realtime.toUser(receiverId, 'typing', { user_id: userId });
          },
          (error: unknown) => app.log.error({ err: error }, 'typing failed'),
        );
      });

      socket.on('mark_read', (payload: unknown) => {
        const parsed = MarkReadSchema.safeParse(payload);
        if (!parsed.success || parsed.data.user_id === userId) return;
        const otherId = parsed.data.user_id;
        (async () => {
          if (!(await conversationPartnerExists(app.db, otherId))) return;
          await markRead(app, userId, otherId);
        })().catch((error: unknown) => app.log.error({ err: error }, 'mark_read failed'));
      });
    });
  },
  { name: 'messages-socket', dependencies: ['realtime'] },
);
