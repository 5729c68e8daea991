// The installed app as a share target (the web app manifest's share_target): photos shared from the
// phone's gallery open "Post what you have" with them. Read by the manifest, the service worker and
// the server, which answers the address itself when no service worker is there to.

/** Where the system share sheet posts the photos. */
export const SHARE_TARGET_PATH = '/share-target';
/** The form field that carries them (the manifest's share_target.params.files). */
export const SHARED_PHOTOS_FIELD = 'photos';
/** The screen a share opens, where the post form takes the photos from the device. */
export const SHARED_PHOTOS_LANDING = '/listings/new?shared=1';
