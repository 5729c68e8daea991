import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createImageStore, type ImageStore } from './image-store.js';
import { type PhotoUrls, UPLOADS_PREFIX, photoUrls } from './photo-urls.js';
import { processImage } from './process-image.js';

/** What features use to keep and drop uploaded photos. */
export interface Images {
  /**
   * Decodes and re-encodes an upload (validating it by its content, never its name),
   * stores the full image and a thumbnail under random names, and returns their paths
   * as the API gives them (`uploads/<name>`, fetched at `/api/uploads/<name>`).
   */
  save(upload: Buffer): Promise<{ image: string; thumbnail: string }>;
  /** Removes stored images by their API paths; unknown or foreign paths are ignored. */
  remove(paths: (string | null | undefined)[]): Promise<void>;
  store: ImageStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    images: Images;
    /** Hands out listing photos as URLs that follow the listing's visibility. */
    photoUrls: PhotoUrls;
  }
}

const PREFIX = UPLOADS_PREFIX;

export const imagesPlugin = fp(
  async (app: FastifyInstance) => {
    const store = createImageStore(app.config, app.db);
    const images: Images = {
      store,
      async save(upload) {
        const processed = await processImage(upload);
        const stored = await Promise.allSettled([
          store.put(processed.image.data, processed.contentType),
          store.put(processed.thumbnail.data, processed.contentType),
        ]);
        const [image, thumbnail] = stored;
        if (image.status === 'fulfilled' && thumbnail.status === 'fulfilled') {
          return { image: PREFIX + image.value, thumbnail: PREFIX + thumbnail.value };
        }
        // One of the two could not be written (a full disk, say): drop the other, so no file is left
        // that nothing refers to, and report the failure.
        await Promise.all(stored.map((s) => (s.status === 'fulfilled' ? store.delete(s.value) : undefined)));
        throw (image.status === 'rejected' ? image : (thumbnail as PromiseRejectedResult)).reason;
      },
      async remove(paths) {
        const names = paths.filter((p): p is string => !!p && p.startsWith(PREFIX)).map((p) => p.slice(PREFIX.length));
        await Promise.all(names.map((name) => store.delete(name)));
      },
    };
    app.decorate('images', images);
    app.decorate('photoUrls', photoUrls(app.config.jwtSecret));
  },
  { name: 'images' },
);
