import { EMAIL_KINDS, type EmailKind } from '@gardenswap/shared';
import { SignJWT, jwtVerify } from 'jose';

const ALG = 'HS256';
const PURPOSE = 'unsubscribe';

/** Whom an unsubscribe link speaks for: a member, or an address that is not one (an invitation). */
export type Recipient = { userId: number } | { email: string };

/**
 * What a valid link turns off: the kind of e-mail it came with, or every kind for a link sent
 * before e-mail was switched per kind (it promised "no more e-mails", and keeps that promise).
 */
export interface Unsubscribe {
  recipient: Recipient;
  kinds: readonly EmailKind[];
}

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * A signed, purpose-bound token for the unsubscribe link of one kind of e-mail. It never
 * expires: an old e-mail's link must still work, and all it can do is turn that kind of e-mail off.
 */
export function signUnsubscribeToken(secret: string, recipient: Recipient, kind: EmailKind): Promise<string> {
  const jwt = new SignJWT({ purpose: PURPOSE, kind }).setProtectedHeader({ alg: ALG }).setIssuedAt();
  return (
    'userId' in recipient ? jwt.setSubject(String(recipient.userId)) : jwt.setSubject(`email:${recipient.email}`)
  ).sign(key(secret));
}

/** What a valid unsubscribe token turns off, and for whom; undefined for anything else, session tokens included. */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<Unsubscribe | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALG] });
    if (payload.purpose !== PURPOSE || typeof payload.sub !== 'string') return undefined;
    let kinds: readonly EmailKind[] = EMAIL_KINDS;
    if (payload.kind !== undefined) {
      const kind = EMAIL_KINDS.find((k) => k === payload.kind);
      if (!kind) return undefined;
      kinds = [kind];
    }
    if (payload.sub.startsWith('email:')) return { recipient: { email: payload.sub.slice('email:'.length) }, kinds };
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? { recipient: { userId: id }, kinds } : undefined;
  } catch {
    return undefined;
  }
}

const query = (token: string | undefined) => (token ? `?token=${encodeURIComponent(token)}` : '');

/**
 * The link an e-mail shows: the web app's page, which says what the link turns off and whose button
 * does it. Opening it changes nothing, so a mail scanner that opens every link unsubscribes no one.
 */
export const unsubscribePageUrl = (origin: string, token?: string) => `${origin}/unsubscribe${query(token)}`;

/** The same link for mail clients (List-Unsubscribe): their one-click POST (RFC 8058) acts here. */
const oneClickUnsubscribeUrl = (origin: string, token?: string) => `${origin}/api/mail/unsubscribe${query(token)}`;

/**
 * The List-Unsubscribe headers of an e-mail whose unsubscribe link is `unsubscribeUrl`: the
 * POST-able address of its token, and the RFC 8058 promise that one POST is enough.
 */
export function listUnsubscribeHeaders(origin: string, unsubscribeUrl: string) {
  const token = new URL(unsubscribeUrl).searchParams.get('token') ?? undefined;
  return {
    'List-Unsubscribe': `<${token ? oneClickUnsubscribeUrl(origin, token) : unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
