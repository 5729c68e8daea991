import {
  IdParamsSchema,
  SESSION_TEXTS,
  SESSIONS_LIST_MAX,
  SessionListSchema,
  SignOutOthersResultSchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { revokeOtherSessions } from '../../plugins/sessions/auth.tokens.js';
import { describeBrowser } from './describe-browser.js';
import { endSessionById, listLiveSessions } from '../../plugins/sessions/sessions.queries.js';

const tags = ['auth'];

/** /api/auth/sessions: the member's signed-in sessions, and signing them out. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        description: `The live sessions of the member: the one asking first (\`current\`), then the most recently seen, at most ${SESSIONS_LIST_MAX}.`,
        response: { 200: SessionListSchema },
      },
    },
    async (request) => {
      const { id, jti } = me(request);
      const rows = await listLiveSessions(app.db, id, jti, SESSIONS_LIST_MAX);
      return rows.map((row) => ({
        id: row.id,
        browser: describeBrowser(row.user_agent),
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
        current: row.jti === jti,
      }));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        description:
          'Signs one of the member’s sessions out: its token stops working and its open sockets close. 404 for any id that is not a live session of the member.',
        params: IdParamsSchema,
      },
    },
    async (request, reply) => {
      const jti = await endSessionById(app.db, me(request).id, request.params.id);
      if (!jti) throw notFound(SESSION_TEXTS.sessionNotFound);
      app.realtime.dropToken(jti);
      return reply.status(204).send();
    },
  );

  app.post(
    '/sign-out-others',
    {
      schema: {
        tags,
        description: 'Signs out every session of the member but the one asking.',
        response: { 200: SignOutOthersResultSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const ended = await app.db.transaction().execute((trx) => revokeOtherSessions(trx, user));
      for (const jti of ended) app.realtime.dropToken(jti);
      return { signed_out: ended.length };
    },
  );
};
