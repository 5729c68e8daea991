import { TEXTS } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';

/** GET /api/uploads/{name}: stored images, public (names are unguessable), cached for good. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:name',
    {
      config: { public: true },
      schema: { tags: ['images'], security: [], params: z.object({ name: z.string().max(100) }) },
    },
    async (request, reply) => {
      const found = await app.images.store.get(request.params.name);
      if (!found) throw notFound(TEXTS.imageNotFound);
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(found.body);
    },
  );
};
