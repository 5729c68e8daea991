import { IN_SEASON_MILES, InSeasonQuerySchema, InSeasonSchema } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../plugins/auth.js';

/** /api/listings/in-season: what is being listed near the member now. */
export const inSeasonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/in-season',
    {
      schema: {
        tags: ['listings'],
        description:
          "The produce listed within `within_miles` of the member's postcode (25 when not given) in the last two weeks, commonest first: each kind with the word its search takes and how many listings name it, counting only listings the member may see (the one visibility rule), on offer and not hidden. `located` is false, and the list empty, while the member has no postcode.",
        querystring: InSeasonQuerySchema,
        response: { 200: InSeasonSchema },
      },
    },
    async (request) => app.inSeason.near(me(request).id, request.query.within_miles ?? IN_SEASON_MILES),
  );
};
