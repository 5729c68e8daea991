import {
  IdParamsSchema,
  LISTING_PHOTOS_MAX,
  LISTING_PHOTO_TEXTS,
  LISTING_TEXTS,
  ListingSchema,
  PhotoOrderInputSchema,
  PhotoParamsSchema,
  TEXTS,
} from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { readMultipart } from '../../plugins/multipart.js';
import { me } from '../../plugins/auth.js';
import { failed } from '../idempotency/idempotency.plugin.js';
import { countListingPhotos } from './listing-photos.queries.js';
import { addListingPhoto, removeListingPhoto, reorderListingPhotos } from './commands/listing-photos.js';
import { getVisibleListing, getVisibleOwner } from './read/get-listing.js';

const tags = ['listings'];
const IMAGE_FIELD = 'image';

/**
 * /api/listings/{id}/photos: the owner adds photos one request each (so each has its own progress
 * and its own error), removes them and orders them; the first is the cover. Every answer is the
 * listing with its `photos`.
 */
export const listingPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  const listingNotFound = () => notFound(TEXTS.listingNotFound);
  const tooMany = () => new AppError('CONFLICT', LISTING_PHOTO_TEXTS.tooMany, 409);

  /** 404 for a listing the member may not see (as for a missing one), 403 for one not theirs. */
  async function assertOwner(viewerId: number, id: number) {
    const ownerId = await getVisibleOwner(app.db, viewerId, id);
    if (ownerId === undefined) throw listingNotFound();
    if (ownerId !== viewerId) throw forbidden(TEXTS.editForbidden);
  }

  async function visibleListing(viewerId: number, id: number) {
    const listing = await getVisibleListing(app.db, viewerId, id, app.photoUrls.signerFor(viewerId));
    if (!listing) throw listingNotFound();
    return listing;
  }

  app.post(
    '/:id/photos',
    {
      schema: {
        tags,
        description: `Multipart/form-data with one photo in \`${IMAGE_FIELD}\`, added last (the cover when it is the first). At most ${LISTING_PHOTOS_MAX} per listing: 409 beyond.`,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: ListingSchema },
      },
    },
    async (request, reply) => {
      const user = me(request);
      const { id } = request.params;
      await assertOwner(user.id, id);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.unsupportedMediaType);
      // Refused before the photo is read; a retry with a key may be answering a photo that filled it.
      const keyed = request.headers['idempotency-key'] !== undefined;
      if (!keyed && (await countListingPhotos(app.db, id)) >= LISTING_PHOTOS_MAX) throw tooMany();
      const form = await readMultipart(request, IMAGE_FIELD);
      if (!form.file) throw invalidField(IMAGE_FIELD, LISTING_TEXTS.imageRequired);
      const once = await app.idempotency.start(request, {}, form.file.buffer);
      if (once.replay) {
        const listing = await visibleListing(user.id, id);
        return app.idempotency.replayed(reply).status(once.replay.status).send(listing);
      }
      const saved = await app.images.save(form.file.buffer).catch(failed(once));
      const result = await addListingPhoto(app, user.id, id, saved, (trx) => once.record(trx, 201, id)).catch(
        async (error: unknown) => {
          await app.images.remove([saved.image, saved.thumbnail]);
          return failed(once)(error);
        },
      );
      if (result !== 'added') {
        await app.images.remove([saved.image, saved.thumbnail]);
        return failed(once)(result === 'full' ? tooMany() : listingNotFound());
      }
      return reply.status(201).send(await visibleListing(user.id, id));
    },
  );

  app.delete(
    '/:id/photos/:photoId',
    {
      schema: {
        tags,
        description: 'Removes one photo and its files; when it was the cover, the next one becomes the cover.',
        params: PhotoParamsSchema,
        response: { 200: ListingSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const { id, photoId } = request.params;
      await assertOwner(user.id, id);
      const result = await removeListingPhoto(app, user.id, id, photoId);
      if (!result) throw listingNotFound();
      if (result === 'missing') throw notFound(LISTING_PHOTO_TEXTS.photoNotFound);
      await app.images.remove(result.removed);
      return visibleListing(user.id, id);
    },
  );

  app.put(
    '/:id/photos/order',
    {
      schema: {
        tags,
        description: 'Every photo id of the listing once, in the new order; the first becomes the cover.',
        params: IdParamsSchema,
        body: PhotoOrderInputSchema,
        response: { 200: ListingSchema },
      },
    },
    async (request) => {
      const user = me(request);
      const { id } = request.params;
      await assertOwner(user.id, id);
      const result = await reorderListingPhotos(app, user.id, id, request.body.photo_ids);
      if (!result) throw listingNotFound();
      if (result === 'mismatch') throw invalidField('photo_ids', LISTING_PHOTO_TEXTS.orderMismatch);
      return visibleListing(user.id, id);
    },
  );
};
