import { ACCOUNT_TEXTS, DeleteAccountInputSchema, ExportLinkQuerySchema, ExportLinkSchema } from '@gardenswap/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { endAllSessions } from '../auth/end-sessions.js';
import { checkPassword } from '../auth/passwords.js';
import { exportArchive } from './account-export.js';
import { deleteMember, findMember } from './account.queries.js';
import { exportLinks } from './export-links.js';

const tags = ['account'];

/** Password guesses through "Delete my account", per member: a borrowed session must not become a way to test passwords. */
function deleteAttemptsLimit(app: FastifyInstance) {
  const { enabled, loginPerAccount } = app.config.rateLimits;
  if (!enabled) return async () => {};
  const count = app.createRateLimit({
    max: loginPerAccount.max,
    timeWindow: loginPerAccount.windowMs,
    keyGenerator: (request) => `delete-account:${me(request).id}`,
  });
  return async (request: FastifyRequest) => {
    const state = await count(request);
    if (!state.isAllowed && state.isExceeded)
      throw new AppError('RATE_LIMITED', ACCOUNT_TEXTS.tooManyAttempts, 429, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(state.ttl / 1000))),
      });
  };
}

/** /api/account: "Download my data" and "Delete my account". */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = exportLinks(app.config.jwtSecret);

  app.post(
    '/export-link',
    {
      schema: {
        tags,
        description: 'A short-lived address (minutes) the browser downloads the ZIP of my data from.',
        response: { 200: ExportLinkSchema },
      },
    },
    async (request) => links.issue(me(request).id),
  );

  app.get(
    '/export',
    {
      // The signed link stands in for the session: a browser download cannot send the token.
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          "The ZIP of the member's data (JSON files and photos), streamed as it is made, through a link from POST /account/export-link.",
        querystring: ExportLinkQuerySchema,
      },
    },
    async (request, reply) => {
      const signed = links.verify(request.query);
      const member = signed && (await findMember(app.db, signed.userId));
      // A link issued before every session was ended (a password reset) ends with them.
      const revoked = member?.sessions_valid_from && new Date(member.sessions_valid_from).getTime() > signed!.issuedAt;
      if (!member || revoked) throw notFound(ACCOUNT_TEXTS.exportLinkInvalid);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="gardenswap-${member.username}-${day}.zip"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(exportArchive(app, member.id));
    },
  );

  app.post(
    '/delete',
    {
      preHandler: deleteAttemptsLimit(app),
      schema: {
        tags,
        description:
          'Deletes my account for good (my password again): listings, want list, photos, friends, notifications and sessions go; my messages stay with the other members as from "Deleted member".',
        body: DeleteAccountInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = me(request);
      const member = await findMember(app.db, user.id);
      if (!member) throw notFound();
      if (!(await checkPassword(member.password_hash, request.body.password, app.config.passwordHashing)))
        throw invalidField('password', ACCOUNT_TEXTS.wrongPassword);
      const photos = await app.db.transaction().execute((trx) => deleteMember(trx, user.id));
      if (!photos) throw notFound();
      await app.events.emit('member.removed', { memberId: user.id });
      // Every session is gone with the row; their sockets, on every instance, go now, as after a password reset.
      endAllSessions(app, user.id);
      // The account is gone whatever happens here: a photo left behind belongs to nothing, and
      // nothing serves a photo that belongs to nothing.
      await app.images
        .remove(photos)
        .catch((error: unknown) => request.log.error({ err: error }, 'photos of a deleted account stayed'));
      return reply.status(204).send(null);
    },
  );
};
