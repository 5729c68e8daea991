import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTS } from '@gardenswap/shared';
import { unauthorized } from '../lib/app-error.js';
import { type AuthUser, CheckedSessions, authenticateToken, bearerToken } from './sessions/auth.tokens.js';
import { SessionActivity } from './sessions/session-activity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route that is not public; absent only on public ones. */
    authUser?: AuthUser;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (register, login, health, docs, uploads). */
    public?: boolean;
  }
}

/**
 * Every route needs a valid session unless it says `config: { public: true }`:
 * a forgotten declaration fails closed. A session the database accepted is trusted for a
 * second without asking again; a logout on any instance ends that at once (see dropToken).
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const activity = new SessionActivity(app.db, app.log);
    const sessions = new CheckedSessions(1000, activity);
    // The last uses are written while the database is still open.
    app.addHook('preClose', async () => {
      activity.stop();
      await activity.flush();
    });
    app.realtime.onTokenRevoked((jti) => sessions.forget(jti));
    app.decorateRequest('authUser', undefined);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.public) return;
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized(TEXTS.unauthorized);
      const user = await authenticateToken(
        app.db,
        app.config.jwtSecret,
        token,
        sessions,
        request.headers['user-agent'],
      );
      if (!user) throw unauthorized(TEXTS.tokenInvalid);
      request.authUser = user;
    });
  },
  { name: 'auth', dependencies: ['realtime'] },
);

/** The signed-in member of a non-public route. */
export function me(request: { authUser?: AuthUser }): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
