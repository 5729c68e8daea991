import { TabFocusSchema } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `tab_focus`: each tab says whether it is in front of its member; the push worker asks every
 * instance's sockets before it sends (see push-sender.ts). A junk payload changes nothing.
 */
export const pushSocket = fp(
  async (app: FastifyInstance) => {
    app.realtime.onConnection((socket) => {
      socket.on('tab_focus', (payload: unknown) => {
        const parsed = TabFocusSchema.safeParse(payload);
        if (parsed.success) socket.data.focused = parsed.data.focused;
      });
    });
  },
  { name: 'push-socket', dependencies: ['realtime', 'push-sender'] },
);
