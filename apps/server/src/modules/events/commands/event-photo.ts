import type { FastifyInstance } from 'fastify';
import { eventPhotoOf, writeEventPhoto } from '../events.queries.js';

/**
 * Sets (or, with null, removes) the photo of one of the host's events. The paths it replaced, to
 * remove once committed; undefined when the host has no such event.
 */
export async function setEventPhoto(
  app: FastifyInstance,
  ownerId: number,
  eventId: number,
  photo: { image: string; thumbnail: string } | null,
): Promise<(string | null)[] | undefined> {
  const stamp = new Date(app.config.clock()).toISOString();
  return app.db.transaction().execute(async (trx) => {
    const before = await eventPhotoOf(trx, ownerId, eventId);
    if (!before) return undefined;
    await writeEventPhoto(trx, eventId, photo, stamp);
    return [before.photo, before.thumbnail];
  });
}
