import {
  EVENT_TEXTS,
  HiddenEventsSchema,
  HiddenListingsSchema,
  IdParamsSchema,
  MODERATION_TEXTS,
  ModerationActionInputSchema,
  ModerationLogEntrySchema,
  ModerationLogSchema,
  ModerationReversalInputSchema,
  ReportGroupsSchema,
  SuspendedMembersSchema,
  TEXTS,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { getAction, listActions } from './audit-log.queries.js';
import { listHiddenEvents } from './hidden-events.queries.js';
import { listHiddenListings } from './hidden-listings.queries.js';
import { liftSuspensionEarly } from './lift-suspension.js';
import { isModerator, openReportGroups } from './moderation.queries.js';
import { listSuspendedMembers } from './suspended-members.queries.js';
import { takeAction } from './take-action.js';
import { unhideEvent } from './unhide-event.js';
import { unhideListing } from './unhide-listing.js';

const tags = ['moderation'];

/**
 * /api/moderation: the open reports grouped by target, the actions on them, the suspended members
 * and hidden listings and events with the way back for each, and the audit log. Moderators only: every other member gets 403 (and a guest 401, from the auth plugin).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (request) => {
    if (!(await isModerator(app.db, me(request).id))) throw forbidden(MODERATION_TEXTS.notModerator);
  });

  app.get('/reports', { schema: { tags, response: { 200: ReportGroupsSchema } } }, async (request) =>
    openReportGroups(app.db, app.photoUrls.signerFor(me(request).id)),
  );

  app.get('/log', { schema: { tags, response: { 200: ModerationLogSchema } } }, async () => listActions(app.db));

  app.post(
    '/actions',
    {
      schema: {
        tags,
        description:
          'Dismisses, hides the listing or the event, warns or suspends the member answerable for a reported target; resolves every open report of it and tells the reporters the outcome.',
        body: ModerationActionInputSchema,
        response: { 201: ModerationLogEntrySchema },
      },
    },
    async (request, reply) => {
      const outcome = await takeAction(app, me(request).id, request.body);
      if (outcome === 'gone') throw notFound(MODERATION_TEXTS.targetGone);
      if (outcome === 'self') throw forbidden(MODERATION_TEXTS.notSelf);
      if (outcome === 'not-a-listing') throw invalidField('action', MODERATION_TEXTS.onlyListings);
      if (outcome === 'not-an-event') throw invalidField('action', MODERATION_TEXTS.onlyEvents);
      if (outcome === 'handled') throw new AppError('CONFLICT', MODERATION_TEXTS.noOpenReports);
      return reply.status(201).send((await getAction(app.db, outcome))!);
    },
  );

  app.get(
    '/suspended-members',
    {
      schema: {
        tags,
        description: 'The members suspended now, the newest suspension first, with the reason given.',
        response: { 200: SuspendedMembersSchema },
      },
    },
    async () => listSuspendedMembers(app.db),
  );

  app.post(
    '/suspended-members/:id/lift',
    {
      schema: {
        tags,
        description:
          'Lifts a suspension before its end: the member may sign in at once and their listings show again (but those a moderator hid); logged, and the member is told in the app and by e-mail.',
        params: IdParamsSchema,
        body: ModerationReversalInputSchema,
        response: { 201: ModerationLogEntrySchema },
      },
    },
    async (request, reply) => {
      const outcome = await liftSuspensionEarly(app, me(request).id, request.params.id, request.body.note);
      if (outcome === 'gone') throw notFound(TEXTS.userNotFound);
      if (outcome === 'self') throw forbidden(MODERATION_TEXTS.notSelf);
      if (outcome === 'not-suspended') throw new AppError('CONFLICT', MODERATION_TEXTS.notSuspended);
      return reply.status(201).send((await getAction(app.db, outcome))!);
    },
  );

  app.get(
    '/hidden-listings',
    {
      schema: {
        tags,
        description: 'The listings a moderator hid, the newest first, with their owners.',
        response: { 200: HiddenListingsSchema },
      },
    },
    async (request) => listHiddenListings(app.db, app.photoUrls.signerFor(me(request).id)),
  );

  app.post(
    '/hidden-listings/:id/unhide',
    {
      schema: {
        tags,
        description:
          'Shows a listing a moderator hid again, to whom the visibility rule lets see it; logged, and the owner is told in the app and by e-mail.',
        params: IdParamsSchema,
        body: ModerationReversalInputSchema,
        response: { 201: ModerationLogEntrySchema },
      },
    },
    async (request, reply) => {
      const outcome = await unhideListing(app, me(request).id, request.params.id, request.body.note);
      if (outcome === 'gone') throw notFound(TEXTS.listingNotFound);
      if (outcome === 'self') throw forbidden(MODERATION_TEXTS.notSelf);
      if (outcome === 'not-hidden') throw new AppError('CONFLICT', MODERATION_TEXTS.notHidden);
      return reply.status(201).send((await getAction(app.db, outcome))!);
    },
  );

  app.get(
    '/hidden-events',
    {
      schema: {
        tags,
        description: 'The events a moderator hid, the newest first, with their hosts.',
        response: { 200: HiddenEventsSchema },
      },
    },
    async (request) => listHiddenEvents(app.db, app.photoUrls.signerFor(me(request).id)),
  );

  app.post(
    '/hidden-events/:id/unhide',
    {
      schema: {
        tags,
        description:
          'Shows an event a moderator hid again, to whom the event visibility rule lets see it; logged, and the host is told in the app and by e-mail.',
        params: IdParamsSchema,
        body: ModerationReversalInputSchema,
        response: { 201: ModerationLogEntrySchema },
      },
    },
    async (request, reply) => {
      const outcome = await unhideEvent(app, me(request).id, request.params.id, request.body.note);
      if (outcome === 'gone') throw notFound(EVENT_TEXTS.notFound);
      if (outcome === 'self') throw forbidden(MODERATION_TEXTS.notSelf);
      if (outcome === 'not-hidden') throw new AppError('CONFLICT', MODERATION_TEXTS.eventNotHidden);
      return reply.status(201).send((await getAction(app.db, outcome))!);
    },
  );
};
