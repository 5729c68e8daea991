import { userRoom } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import { allSessionsOf } from '../../plugins/sessions/auth.tokens.js';

/**
 * Closes every open socket of a member, on every instance, and forgets the sessions each instance
 * accepted in the last second. Call it once `revokeAllSessions` is committed (a password reset, a
 * suspension); any session signed afterwards has no socket yet, so every socket in the member's
 * room belongs to an ended one.
 */
export function endAllSessions(app: Pick<FastifyInstance, 'realtime'>, userId: number) {
  app.realtime.dropToken(allSessionsOf(userId));
  const room = userRoom(userId);
  app.realtime.io.local.in(room).disconnectSockets(true);
  app.realtime.io.in(room).disconnectSockets(true);
}
