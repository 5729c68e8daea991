import type { SendMessageAck } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toAppError } from '../../plugins/errors.js';
import { sendMessage } from './messages.routes.js';

/**
 * The socket side of chat: `send_message` goes through the same sendMessage as
 * POST /messages and acknowledges with the stored message or the error body.
 * A socket is a client we do not control: a junk payload or a missing acknowledgement
 * must answer an error at most, never throw.
 */
export const messagesSocket = fp(async (app: FastifyInstance) => {
  app.realtime.onConnection((socket) => {
    socket.on('send_message', (payload: unknown, ack?: unknown) => {
      // A client may emit with only a callback, or with no callback at all.
      const reply =
        typeof ack === 'function' ? ack : typeof payload === 'function' && ack === undefined ? payload : undefined;
      const input = reply === payload ? undefined : payload;
      const answer = (result: SendMessageAck) => {
        if (reply) (reply as (r: SendMessageAck) => void)(result);
      };
      sendMessage(app, socket.data.user.id, input).then(
        (message) => answer({ ok: true, message }),
        (error: unknown) => {
          const appError = toAppError(error);
          if (appError.status >= 500) app.log.error({ err: error }, 'send_message failed');
          answer({ ok: false, detail: appError.detail, code: appError.code });
        },
      );
    });
  });
});
