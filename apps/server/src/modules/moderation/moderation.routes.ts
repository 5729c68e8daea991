import {
  MODERATION_TEXTS,
  ModerationActionInputSchema,
  ModerationLogEntrySchema,
  ModerationLogSchema,
  ReportGroupsSchema,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { getAction, isModerator, listActions, openReportGroups } from './moderation.queries.js';
import { takeAction } from './take-action.js';

const tags = ['moderation'];

/**
 * /api/moderation: the open reports grouped by target, the actions on them and the audit log.
 * Moderators only: every other member gets 403 (and a guest 401, from the auth plugin).
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
          'Dismisses, hides the listing, warns or suspends the member answerable for a reported target; resolves every open report of it and tells the reporters the outcome.',
        body: ModerationActionInputSchema,
        response: { 201: ModerationLogEntrySchema },
      },
    },
    async (request, reply) => {
      const outcome = await takeAction(app, me(request).id, request.body);
      if (outcome === 'gone') throw notFound(MODERATION_TEXTS.targetGone);
      if (outcome === 'self') throw forbidden(MODERATION_TEXTS.notSelf);
      if (outcome === 'not-a-listing') throw invalidField('action', MODERATION_TEXTS.onlyListings);
      if (outcome === 'handled') throw new AppError('CONFLICT', MODERATION_TEXTS.noOpenReports);
      return reply.status(201).send((await getAction(app.db, outcome))!);
    },
  );
};
