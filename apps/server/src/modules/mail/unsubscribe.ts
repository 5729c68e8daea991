import { SignJWT, jwtVerify } from 'jose';

const ALG = 'HS256';
const PURPOSE = 'unsubscribe';

/** Whom an unsubscribe link speaks for: a member, or an address that is not one (an invitation). */
export type Recipient = { userId: number } | { email: string };

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * A signed, purpose-bound token for the one-click unsubscribe link. It never expires: an old
 * e-mail's link must still work, and all it can do is turn e-mail off.
 */
export function signUnsubscribeToken(secret: string, recipient: Recipient): Promise<string> {
  const jwt = new SignJWT({ purpose: PURPOSE }).setProtectedHeader({ alg: ALG }).setIssuedAt();
  return (
    'userId' in recipient ? jwt.setSubject(String(recipient.userId)) : jwt.setSubject(`email:${recipient.email}`)
  ).sign(key(secret));
}

/** The recipient of a valid unsubscribe token; undefined for anything else, session tokens included. */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<Recipient | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALG] });
    if (payload.purpose !== PURPOSE || typeof payload.sub !== 'string') return undefined;
    if (payload.sub.startsWith('email:')) return { email: payload.sub.slice('email:'.length) };
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? { userId: id } : undefined;
  } catch {
    return undefined;
  }
}
