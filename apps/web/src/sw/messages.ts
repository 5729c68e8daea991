// What the service worker and the page tell each other, the one module both sides import.

/** Sent to a window when a tapped notification should open one of its screens (`url`, a path). */
export const OPEN_SCREEN = 'OPEN_SCREEN';

export interface OpenScreenMessage {
  type: typeof OPEN_SCREEN;
  url: string;
}

/** Whether a message from the service worker asks the page to open a screen of this site. */
export const isOpenScreen = (data: unknown): data is OpenScreenMessage =>
  (data as OpenScreenMessage | null)?.type === OPEN_SCREEN &&
  typeof (data as OpenScreenMessage).url === 'string' &&
  /^\/(?!\/)/.test((data as OpenScreenMessage).url);

/** The caches of photos members saw (/api/uploads/*), one per member: `gardenswap-photos-<member id>`. */
export const PHOTO_CACHE_PREFIX = 'gardenswap-photos-';
export const photoCacheName = (memberId: number) => `${PHOTO_CACHE_PREFIX}${memberId}`;

/**
 * Sent by the page to the service worker at start and whenever the session changes: photos are
 * kept for `memberId` only, every other member's are deleted; null (no one signed in) deletes all.
 */
export const PHOTO_CACHE_MEMBER = 'PHOTO_CACHE_MEMBER';

export interface PhotoCacheMemberMessage {
  type: typeof PHOTO_CACHE_MEMBER;
  memberId: number | null;
}

/** Whether a message from the page names whose photos the service worker keeps. */
export const isPhotoCacheMember = (data: unknown): data is PhotoCacheMemberMessage => {
  const message = data as PhotoCacheMemberMessage | null;
  return (
    message?.type === PHOTO_CACHE_MEMBER &&
    (message.memberId === null || (Number.isSafeInteger(message.memberId) && message.memberId > 0))
  );
};
