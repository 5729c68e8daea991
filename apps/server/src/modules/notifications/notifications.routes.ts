import {
  IdParamsSchema,
  InviteInputSchema,
  ListingSchema,
  MarkReadInputSchema,
  NotificationSchema,
  NotificationsQuerySchema,
  TEXTS,
  UnreadCountSchema,
} from '@gardenswap/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { mailRoutes } from '../mail/mail.routes.js';
import { mailerPlugin } from '../mail/mailer.js';
import { friendInvitationMail } from '../mail/templates/friend-invitation.mail.js';
import { countUnread, getRecipient, listNotifications, markRead } from './notifications.queries.js';
import { matchesOfWant } from './matches.queries.js';
import { notifierPlugin } from './notifier.js';

const tags = ['notifications'];

/** Invitations by e-mail a member may send per hour: enough to invite friends, too few to spam. */
const INVITES_PER_HOUR = 10;

/** /api/notifications: the bell's list, its unread count, and marking read. */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'both',
      schema: {
        tags,
        description: `Newest first, ${50} at a time; \`before\` (an id) pages back.`,
        querystring: NotificationsQuerySchema,
        response: { 200: z.array(NotificationSchema) },
      },
    },
    async (request) => {
      const userId = me(request).id;
      return listNotifications(app.db, userId, app.photoUrls.signerFor(userId), request.query.before);
    },
  );

  app.get('/unread-count', { schema: { tags, response: { 200: UnreadCountSchema } } }, async (request) => ({
    unread_count: await countUnread(app.db, me(request).id),
  }));

  app.post(
    '/read',
    {
      schema: {
        tags,
        description: 'Marks the given `ids` read, or every notification when `ids` is absent.',
        body: MarkReadInputSchema,
        response: { 200: UnreadCountSchema },
      },
    },
    async (request) => {
      const userId = me(request).id;
      await markRead(app.db, userId, request.body.ids);
      return { unread_count: await countUnread(app.db, userId) };
    },
  );
};

/** GET /api/listings/want-listings/{id}/matches: what a member can see now that matches their want. */
const wantMatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/matches',
    {
      schema: {
        tags: ['want list'],
        description: 'Listings the member can see now that match one of their own want items, newest first.',
        params: IdParamsSchema,
        response: { 200: z.array(ListingSchema) },
      },
    },
    async (request) => {
      const userId = me(request).id;
      const matches = await matchesOfWant(app.db, userId, request.params.id, app.photoUrls.signerFor(userId));
      if (!matches) throw notFound(TEXTS.wantNotFound);
      return matches;
    },
  );
};

function inviteLimit(app: FastifyInstance) {
  if (!app.config.rateLimits.enabled) return async () => {};
  const count = app.createRateLimit({
    max: INVITES_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `invite:${me(request).id}`,
  });
  return async (request: FastifyRequest) => {
    const state = await count(request);
    if (!state.isAllowed && state.isExceeded)
      throw new AppError('RATE_LIMITED', TEXTS.tooManyRequests, 429, undefined, {
        'retry-after': String(Math.max(1, Math.ceil(state.ttl / 1000))),
      });
  };
}

/** POST /api/auth/invite: sends the friend invitation, with the member's profile link, to an address. */
const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invite',
    {
      preHandler: inviteLimit(app),
      schema: { tags: ['auth'], body: InviteInputSchema, response: { 202: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      const from = await getRecipient(app.db, me(request).id, 'friend_requests');
      if (!from) throw notFound(TEXTS.userNotFound);
      const to = request.body.email.toLowerCase();
      const member = await app.db
        .selectFrom('users')
        .select(['id', 'first_name'])
        .where('email', '=', to)
        .executeTakeFirst();
      const unsubscribeUrl = await app.mailer.unsubscribeUrl(
        member ? { userId: member.id } : { email: to },
        'friend_requests',
      );
      // Written before the 202: once the member is told it is on its way, it survives a crash.
      await app.mailer.send({
        to,
        unsubscribeUrl,
        ...(await friendInvitationMail({
          kind: 'invitation',
          recipientName: member?.first_name,
          fromName: from.first_name || from.username,
          fromUsername: from.username,
          place: from.city && from.state ? `${from.city}, ${from.state}` : from.city || from.state,
          friendCount: Number(from.friend_count),
          profileUrl: `${app.config.publicOrigin}/seller/${from.id}`,
          unsubscribeUrl,
        })),
      });
      return reply.status(202).send({ ok: true });
    },
  );
};

/**
 * Notifications and e-mail: `app.mailer` and `app.notify` for the other modules, and their routes.
 * Registered once inside the API's context (so its routes need a session unless public).
 */
export const notificationsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(mailerPlugin);
    await app.register(notifierPlugin);
    await app.register(notificationsRoutes, { prefix: '/api/notifications' });
    await app.register(wantMatchesRoutes, { prefix: '/api/listings/want-listings' });
    await app.register(inviteRoutes, { prefix: '/api/auth' });
    await app.register(mailRoutes, { prefix: '/api/mail' });
  },
  { name: 'notifications', dependencies: ['events', 'images', 'realtime'] },
);
