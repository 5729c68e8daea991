import { SWAPS_LIMIT, SwapsQuerySchema, SwapsSchema } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../plugins/auth.js';
import { findSwaps } from './find-swaps.js';

const tags = ['swaps'];

/** /api/swaps: members to swap with, nearest first; `user_id` narrows it to one member (their seller page). */
export const swapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        description: `Members who have a listing matching your want list and want one of your listings, nearest first (members without a location last), at most ${SWAPS_LIMIT}.`,
        querystring: SwapsQuerySchema,
        response: { 200: SwapsSchema },
      },
    },
    async (request) => findSwaps(app.db, me(request).id, request.query.user_id),
  );
};
