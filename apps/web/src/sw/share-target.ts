/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { SHARED_PHOTOS_FIELD, SHARED_PHOTOS_LANDING, SHARE_TARGET_PATH } from '@gardenswap/shared/share-target';
import { keepSharedPhotos } from './shared-photos';

/** The photos a share carried; anything else in the form (text, other files) is left out. */
export function sharedFiles(form: FormData): File[] {
  return form.getAll(SHARED_PHOTOS_FIELD).filter((value): value is File => typeof value !== 'string');
}

/**
 * The installed app as a share target (the manifest's share_target): the system share sheet posts
 * the photos here; they are kept on the device and "Post what you have" opens with them. Whatever
 * went wrong reading them, the form still opens, and says nothing arrived.
 */
export function receiveSharedPhotos() {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
    async ({ request }) => {
      try {
        await keepSharedPhotos(sharedFiles(await request.formData()));
      } catch {
        // Left for the form to report: it finds no photos waiting.
      }
      return Response.redirect(SHARED_PHOTOS_LANDING, 303);
    },
    'POST',
  );
}
