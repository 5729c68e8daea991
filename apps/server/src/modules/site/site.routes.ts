import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const SiteSchema = z.object({
  contact_email: z.string(),
  /** The operator's map tiles (MAP_STYLE_URL), or null: the map's own outlines. */
  map_tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});

/** GET /api/site: public facts the web app shows before anyone signs in. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { public: true }, schema: { tags: ['site'], security: [], response: { 200: SiteSchema } } },
    async () => ({ contact_email: app.config.contactEmail, map_tiles: app.config.mapTiles ?? null }),
  );
};
