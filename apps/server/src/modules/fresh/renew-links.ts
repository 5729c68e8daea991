import { SignJWT, jwtVerify } from 'jose';

const ALG = 'HS256';
const PURPOSE = 'listing-renew';

const key = (secret: string) => new TextEncoder().encode(secret);

/** Whom a renew link speaks for, and which listing. */
export interface RenewLink {
  userId: number;
  listingId: number;
}

/**
 * The signed, purpose-bound token of the e-mail's "Still available" link: its page renews one
 * listing of one member, without signing in, until it expires. Anything else (a session token,
 * an unsubscribe token, a changed byte) is refused.
 */
export function signRenewToken(secret: string, link: RenewLink, expiresAtMs: number): Promise<string> {
  return new SignJWT({ purpose: PURPOSE, lid: link.listingId })
    .setProtectedHeader({ alg: ALG })
    .setSubject(String(link.userId))
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(key(secret));
}

/** The member and listing of a valid, unexpired renew token (at `nowMs`); undefined for anything else. */
export async function verifyRenewToken(secret: string, token: string, nowMs: number): Promise<RenewLink | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALG],
      currentDate: new Date(nowMs),
    });
    const userId = Number(payload.sub);
    const listingId = payload.lid;
    if (payload.purpose !== PURPOSE || !Number.isInteger(userId) || userId <= 0) return undefined;
    if (typeof listingId !== 'number' || !Number.isInteger(listingId) || listingId <= 0) return undefined;
    return { userId, listingId };
  } catch {
    return undefined;
  }
}

/**
 * The link the e-mail's "Still available" button opens: the web app's page, which asks about the
 * listing and whose button renews it. Opening it changes nothing, so a mail scanner renews nothing.
 */
export const renewPageUrl = (origin: string, token?: string) =>
  `${origin}/renew${token ? `?token=${encodeURIComponent(token)}` : ''}`;
