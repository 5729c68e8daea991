import { TEXTS } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { IMAGE_NAME_PATTERN } from '../images/image-store.js';
import { canSeeEvent, canSeeListing, photoOwner } from './uploads.queries.js';
import { UPLOADS_PREFIX } from '../images/photo-urls.js';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** A signed photo is cached by the viewer's browser only, and never past its URL's expiry. */
const PRIVATE_CACHE_MAX_SECONDS = 60 * 60;

/**
 * GET /api/uploads/{name}: a stored photo, served only to whoever may see it now. Avatars and
 * the photos of public, active listings are public and cached for good. Any other listing's
 * photo needs the signed URL the API handed its viewer (`v`, `exp`, `sig`), before it expires,
 * and only while that viewer may still see the listing: pausing it, making it friends-only,
 * a block or deleting it ends every URL handed out before. Refusals answer exactly like a
 * missing photo.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:name',
    {
      config: { public: true },
      schema: {
        tags: ['images'],
        security: [],
        description:
          'Public for avatars, photos of public, active listings and photos of events shown to everyone; otherwise only through the signed URL a listing or event answer carries (`v`, `exp`, `sig`), while its viewer may still see it.',
        params: z.object({ name: z.string().max(100) }),
        querystring: z.object({
          v: z.string().max(20).optional(),
          exp: z.string().max(20).optional(),
          sig: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const missing = () => notFound(TEXTS.imageNotFound);
      if (!IMAGE_NAME_PATTERN.test(name)) throw missing();
      const owner = await photoOwner(app.db, UPLOADS_PREFIX + name);
      if (!owner) throw missing();
      let cacheControl = PUBLIC_CACHE;
      if (owner.kind !== 'avatar' && !owner.isOpen) {
        const signed = app.photoUrls.verify(name, request.query);
        const maySee =
          signed &&
          (owner.kind === 'listing'
            ? await canSeeListing(app.db, signed.viewerId, owner.listingId)
            : await canSeeEvent(app.db, signed.viewerId, owner.eventId));
        if (!signed || !maySee) throw missing();
        const seconds = Math.min(PRIVATE_CACHE_MAX_SECONDS, signed.expiresAt - Math.floor(Date.now() / 1000));
        cacheControl = `private, max-age=${Math.max(0, seconds)}`;
      }
      const found = await app.images.store.get(name);
      if (!found) throw missing();
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', cacheControl)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(found.body);
    },
  );
};
