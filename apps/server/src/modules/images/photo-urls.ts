import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where a photo sits among the API's paths: `uploads/<name>`, fetched at `/api/uploads/<name>`. */
export const UPLOADS_PREFIX = 'uploads/';

/**
 * How long a signed URL keeps working. Expiry is rounded up to a whole window, so the URL a
 * viewer gets stays the same for a while (browsers keep reusing their cached copy) and then
 * works for at least one more window: an hour or two in the app, a week or two in an e-mail,
 * which may be opened days later. A leaked URL dies with its window; a tightened listing ends
 * it at once, because every request is checked against the listing as it is now.
 */
const WINDOWS = { page: 60 * 60, email: 7 * 24 * 60 * 60 } as const;
export type PhotoLifetime = keyof typeof WINDOWS;

/** The query a signed photo URL carries: the viewer it was issued to, its expiry and the signature. */
export interface PhotoSignature {
  v?: string;
  exp?: string;
  sig?: string;
}

/**
 * What a listing's photo path becomes for one viewer. `hidden`: by a moderator or while its owner
 * is suspended, so not everyone may see it.
 */
export type PhotoSigner = (
  path: string | null,
  listing: { is_public: boolean; is_active: boolean; hidden?: boolean },
) => string | null;

/** Whether a listing's photos are open to all, so they keep their plain paths (see `signerFor`). */
export const photosOpen = (listing: Parameters<PhotoSigner>[1]) =>
  listing.is_public && listing.is_active && !listing.hidden;

export interface PhotoUrls {
  /**
   * The signer for one viewer: a public, active listing's photo keeps its plain path (public and
   * cacheable for good); any other photo gets a URL signed for this viewer that expires.
   */
  signerFor(viewerId: number, lifetime?: PhotoLifetime): PhotoSigner;
  /** The viewer and expiry of a signed request for this photo, when the signature holds and has not expired. */
  verify(name: string, signature: PhotoSignature): { viewerId: number; expiresAt: number } | undefined;
}

const SIGNATURE_LENGTH = 32; // base64url characters: 192 bits of the HMAC

/**
 * A key of its own for each kind of signed link, derived from the server's secret, so a signature
 * made for one purpose (a photo) is never valid for another (a data download).
 */
export const signingKey = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`gardenswap ${purpose}`).digest();

/** The HMAC of `payload` under `key`, cut to the length signed links carry. */
export const signLink = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIGNATURE_LENGTH);

/** Compares a signature from a URL with the expected one in constant time. */
export function sameSignature(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Signs and checks photo URLs with a key derived from the server's secret. */
export function photoUrls(secret: string, now: () => number = Date.now): PhotoUrls {
  const key = signingKey(secret, 'photo urls');
  const sign = (name: string, viewerId: number, exp: number) => signLink(key, `${name}:${viewerId}:${exp}`);

  return {
    signerFor(viewerId, lifetime = 'page') {
      const window = WINDOWS[lifetime];
      return (path, listing) => {
        if (!path || photosOpen(listing) || !path.startsWith(UPLOADS_PREFIX)) return path;
        const name = path.slice(UPLOADS_PREFIX.length);
        const exp = (Math.floor(now() / 1000 / window) + 2) * window;
        return `${path}?v=${viewerId}&exp=${exp}&sig=${sign(name, viewerId, exp)}`;
      };
    },
    verify(name, { v, exp, sig }) {
      if (!v || !exp || !sig || !/^\d{1,12}$/.test(v) || !/^\d{1,12}$/.test(exp)) return undefined;
      const viewerId = Number(v);
      const expiresAt = Number(exp);
      if (expiresAt * 1000 <= now()) return undefined;
      if (!sameSignature(sig, sign(name, viewerId, expiresAt))) return undefined;
      return { viewerId, expiresAt };
    },
  };
}
