import { GARDENERS_LIMIT, GardenerSchema, GardenerSearchQuerySchema } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { me } from '../../plugins/auth.js';
import { nearbyGardeners, searchGardeners } from './gardeners.queries.js';

const tags = ['gardeners'];

/**
 * /api/auth/users: finding other gardeners. Never blocked pairs, never me; distances only,
 * never coordinates. `/nearby` is a static segment, so it never reaches `/users/{id}/public`.
 */
export const gardenersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        description: `Members whose username contains \`q\` (any case), at most ${GARDENERS_LIMIT}, with the distance in miles when both postcodes are known.`,
        querystring: GardenerSearchQuerySchema,
        response: { 200: z.array(GardenerSchema) },
      },
    },
    async (request) => searchGardeners(app.db, me(request).id, request.query.q, GARDENERS_LIMIT),
  );

  app.get(
    '/nearby',
    {
      schema: {
        tags,
        description: `Members with a known postcode, nearest to me first, at most ${GARDENERS_LIMIT}. Empty while my own postcode is unknown.`,
        response: { 200: z.array(GardenerSchema) },
      },
    },
    async (request) => nearbyGardeners(app.db, me(request).id, GARDENERS_LIMIT),
  );
};
