import { ReportInputSchema, ReportSchema, SAFETY_TEXTS } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { canReport, insertReport } from './reports.queries.js';

const tags = ['safety'];

/** Reports a member may file in an hour: plenty for real abuse, too few to flood the moderators. */
export const REPORTS_PER_HOUR = 20;

/** /api/reports: a listing, an event, a message or a member reported with a reason, kept for moderators. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        description:
          'Reports a listing or an event I can see, a message I sent or received, or a member. Reporting a target again while my report of it is open stores nothing and answers that report. 404 when the target does not exist or is not mine to see.',
        body: ReportInputSchema,
        response: { 201: ReportSchema },
      },
      config: app.config.rateLimits.enabled
        ? {
            rateLimit: {
              max: REPORTS_PER_HOUR,
              timeWindow: 60 * 60 * 1000,
              keyGenerator: (request) => `report:${me(request).id}`,
            },
          }
        : {},
    },
    async (request, reply) => {
      const reporterId = me(request).id;
      if (!(await canReport(app.db, reporterId, request.body))) throw notFound(SAFETY_TEXTS.reportTargetNotFound);
      return reply.status(201).send(await insertReport(app.db, reporterId, request.body));
    },
  );
};
