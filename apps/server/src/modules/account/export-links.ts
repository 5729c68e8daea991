import { EXPORT_LINK_TTL_SECONDS, type ExportLink } from '@gardenswap/shared';
import { sameSignature, signLink, signingKey } from '../images/photo-urls.js';

/** The query a download link carries: the member, its expiry and the signature. */
export interface ExportLinkQuery {
  v?: string;
  exp?: string;
  sig?: string;
}

export interface ExportLinks {
  /** A link to the member's own data, working for EXPORT_LINK_TTL_SECONDS. */
  issue(userId: number): ExportLink;
  /** The member a link was issued to and when, while its signature holds and it has not expired. */
  verify(query: ExportLinkQuery): { userId: number; issuedAt: number } | undefined;
}

/**
 * "Download my data" links. The web app keeps its session token where a browser download cannot
 * send it, so it asks (with the token) for this short-lived address and lets the browser fetch
 * it. Signed like photo URLs, with a key of its own: a photo signature never opens a download.
 */
export function exportLinks(secret: string, now: () => number = Date.now): ExportLinks {
  const key = signingKey(secret, 'data export links');
  const sign = (userId: number, exp: number) => signLink(key, `export:${userId}:${exp}`);
  return {
    issue(userId) {
      const exp = Math.floor(now() / 1000) + EXPORT_LINK_TTL_SECONDS;
      return {
        url: `/api/account/export?v=${userId}&exp=${exp}&sig=${sign(userId, exp)}`,
        expires_at: new Date(exp * 1000).toISOString(),
      };
    },
    verify({ v, exp, sig }) {
      if (!v || !exp || !sig || !/^\d{1,12}$/.test(v) || !/^\d{1,12}$/.test(exp)) return undefined;
      const userId = Number(v);
      const expiresAt = Number(exp);
      if (expiresAt * 1000 <= now()) return undefined;
      if (!sameSignature(sig, sign(userId, expiresAt))) return undefined;
      return { userId, issuedAt: (expiresAt - EXPORT_LINK_TTL_SECONDS) * 1000 };
    },
  };
}
