import type { FastifyInstance } from 'fastify';
import type { Writer } from '../../../plugins/events.js';
import { deleteListingWithPhotos } from '../listing-photos.queries.js';
import { listingBefore } from './listing-before.js';

/** Deletes one of the owner's listings and its photos' files; false when the owner has no such listing. */
export async function deleteListing(app: Writer & Pick<FastifyInstance, 'images'>, ownerId: number, id: number) {
  const before = await listingBefore(app.db, id);
  const removed = await deleteListingWithPhotos(app.db, ownerId, id);
  if (!removed || !before) return false;
  await app.events.emit('listing.removed', { listingId: id, ownerId, before });
  await app.images.remove(removed);
  return true;
}
