import { EVENT_TEXTS, EventSchema, IdParamsSchema, TEXTS } from '@gardenswap/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, invalidField, notFound } from '../../lib/app-error.js';
import { me } from '../../plugins/auth.js';
import { readMultipart } from '../../plugins/multipart.js';
import { setEventPhoto } from './commands/event-photo.js';
import { ownEvent } from './commands/event-rights.js';
import { readEvent } from './event-viewer.js';

const tags = ['events'];
const IMAGE_FIELD = 'image';

/** /api/events/{id}/photo: its host sets or removes an event's photo, through the images pipeline. */
export const eventPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/events/:id/photo',
    {
      schema: {
        tags,
        description: `Multipart/form-data with the event's photo in \`${IMAGE_FIELD}\`; the one it had is removed. Its host only (403).`,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => {
      const userId = me(request).id;
      const { id } = request.params;
      await ownEvent(app, userId, id);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', TEXTS.unsupportedMediaType);
      const form = await readMultipart(request, IMAGE_FIELD);
      if (!form.file) throw invalidField(IMAGE_FIELD, EVENT_TEXTS.imageRequired);
      const saved = await app.images.save(form.file.buffer);
      const replaced = await setEventPhoto(app, userId, id, saved).catch(async (error: unknown) => {
        await app.images.remove([saved.image, saved.thumbnail]);
        throw error;
      });
      await app.images.remove(replaced ?? [saved.image, saved.thumbnail]);
      if (!replaced) throw notFound(EVENT_TEXTS.notFound);
      return readEvent(app, userId, id);
    },
  );

  app.delete(
    '/events/:id/photo',
    {
      schema: {
        tags,
        description: "Removes the event's photo and its files. Its host only (403).",
        params: IdParamsSchema,
        response: { 200: EventSchema },
      },
    },
    async (request) => {
      const userId = me(request).id;
      const { id } = request.params;
      await ownEvent(app, userId, id);
      const removed = await setEventPhoto(app, userId, id, null);
      if (!removed) throw notFound(EVENT_TEXTS.notFound);
      await app.images.remove(removed);
      return readEvent(app, userId, id);
    },
  );
};
