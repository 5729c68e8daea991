import { MAP_PINS, MapListingsSchema, MapQuerySchema } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../plugins/auth.js';
import { listListings } from './read/list-listings.js';
import { ownerSpots } from './read/owner-spots.js';

/** /api/listings/map: the marketplace's listings within a map's area, each at its owner's spot. */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/map',
    {
      schema: {
        tags: ['listings'],
        description: [
          'The listings GET /listings/ answers for the same tab, filters and search (the one visibility rule),',
          "narrowed to those whose owner's ZIP code lies within `box` (west,south,east,north in degrees), at most",
          `${MAP_PINS} in the list's order (newest first, or best match with \`q\`); \`more\` when the area holds more.`,
          "Each carries `spot`: its owner's ZIP code centre moved by a small offset of the owner's own, the same",
          'for every viewer; never an address.',
        ].join(' '),
        querystring: MapQuerySchema,
        response: { 200: MapListingsSchema },
      },
    },
    async (request) => {
      const viewerId = me(request).id;
      const page = await listListings(
        app.db,
        viewerId,
        { ...request.query, limit: MAP_PINS },
        app.photoUrls.signerFor(viewerId),
        { planner: app.listReads.planner },
      );
      const spots = await ownerSpots(
        app.db,
        page.listings.map((listing) => listing.owner_id),
      );
      return {
        listings: page.listings.map((listing) => ({ ...listing, spot: spots.get(listing.owner_id) ?? null })),
        more: page.next !== undefined,
      };
    },
  );
};
