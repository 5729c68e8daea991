import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTS } from '@gardenswap/shared';
import { unauthorized } from '../lib/app-error.js';
import { type AuthUser, CheckedSessions, authenticateToken, bearerToken } from '../modules/auth/auth.tokens.js';

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
export const authPlugin = fp(async (app: FastifyInstance) => {
  const sessions = new CheckedSessions(1000);
  app.realtime.onTokenRevoked((jti) => sessions.forget(jti));
  app.decorateRequest('authUser', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized(TEXTS.unauthorized);
    const user = await authenticateToken(app.db, app.config.jwtSecret, token, sessions);
    if (!user) throw unauthorized(TEXTS.tokenInvalid);
    request.authUser = user;
  });
});

/** The signed-in member of a non-public route. */
export function me(request: { authUser?: AuthUser }): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
