import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const SiteSchema = z.object({ contact_email: z.string() });

/** GET /api/site: public facts the web app shows before anyone signs in. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { public: true }, schema: { tags: ['site'], security: [], response: { 200: SiteSchema } } },
    async () => ({ contact_email: app.config.contactEmail }),
  );
};
