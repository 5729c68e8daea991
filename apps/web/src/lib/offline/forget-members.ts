import { forgetOutbox } from './outbox';
import { forgetCache } from './persisted-cache';
import { forgetPhotos, tellPhotoCache } from './photo-cache';

/**
 * Leaves on the device only what belongs to `keep`, the member signed in now (null: a guest, so
 * nothing): the screens they saw, what waits to be sent, the photos. Run at start and whenever the
 * session changes, it covers signing out, a refused session, expiry and another member signing in.
 */
export async function keepOnlyMember(keep: number | null) {
  tellPhotoCache(keep);
  await Promise.all([
    forgetCache(keep).catch(() => undefined),
    forgetOutbox(keep).catch(() => undefined),
    forgetPhotos(keep).catch(() => undefined),
  ]);
}
