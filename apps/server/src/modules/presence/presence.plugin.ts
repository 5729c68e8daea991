import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nowIso } from '../../db/schema.js';
import { markSeen } from './presence.queries.js';

/**
 * Presence in the database, so every instance (and the next one after a restart) knows who is away:
 * each instance records its own connected members as seen when they connect, when their last socket
 * here closes, and every `heartbeatMs` while they stay. A member's `last_seen_at` is then at most one
 * heartbeat old while any instance holds a socket of theirs, and tells when they left once none does
 * (a crashed instance's members look away from its last heartbeat on).
 */
export const presencePlugin = fp(
  async (app: FastifyInstance) => {
    const { heartbeatMs } = app.config.offlineMail;
    /** This instance's open sockets per member. */
    const local = new Map<number, number>();
    /** Writes under way, so shutdown lets them finish before the database closes. */
    const writing = new Set<Promise<void>>();
    let heartbeat: NodeJS.Timeout | undefined;

    function record(userIds: number[]) {
      const write = markSeen(app.db, userIds, nowIso())
        .catch((error: unknown) =>
          // The next heartbeat records them again; until then they look away at worst a little early.
          app.log.warn({ err: error, members: userIds.length }, 'presence not recorded'),
        )
        .finally(() => writing.delete(write));
      writing.add(write);
      return write;
    }

    app.realtime.onConnection((socket) => {
      const userId = socket.data.user.id;
      local.set(userId, (local.get(userId) ?? 0) + 1);
      void record([userId]);
      socket.on('disconnect', () => {
        const left = (local.get(userId) ?? 1) - 1;
        if (left > 0) return local.set(userId, left);
        local.delete(userId);
        void record([userId]);
      });
    });

    app.addHook('onReady', async () => {
      heartbeat = setInterval(() => {
        if (local.size) void record([...local.keys()]);
      }, heartbeatMs);
      heartbeat.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(heartbeat);
      // Members still connected here are seen until now: their sockets close with the server.
      if (local.size) void record([...local.keys()]);
      await Promise.all(writing);
    });
  },
  { name: 'presence', dependencies: ['realtime'] },
);
