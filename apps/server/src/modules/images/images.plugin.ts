import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createImageStore, type ImageStore } from './image-store.js';
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
  }
}

const PREFIX = 'uploads/';

export const imagesPlugin = fp(async (app: FastifyInstance) => {
  const store = createImageStore(app.config, app.db);
  const images: Images = {
    store,
    async save(upload) {
      const processed = await processImage(upload);
      const [image, thumbnail] = await Promise.all([
        store.put(processed.image.data, processed.contentType),
        store.put(processed.thumbnail.data, processed.contentType),
      ]);
      return { image: PREFIX + image, thumbnail: PREFIX + thumbnail };
    },
    async remove(paths) {
      const names = paths.filter((p): p is string => !!p && p.startsWith(PREFIX)).map((p) => p.slice(PREFIX.length));
      await Promise.all(names.map((name) => store.delete(name)));
    },
  };
  app.decorate('images', images);
});
