import { randomUUID } from 'node:crypto';
import { SESSION_TTL_SECONDS } from '@gardenswap/shared';
import { SignJWT, jwtVerify } from 'jose';
import type { Executor } from '../../db/schema.js';

/** The member a request or socket acts for. */
export interface AuthUser {
  id: number;
  username: string;
  /** The token's id, so logout can revoke exactly this session. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const ALG = 'HS256';
const keyCache = new Map<string, Uint8Array>();
const keyOf = (secret: string) => {
  let key = keyCache.get(secret);
  if (!key) keyCache.set(secret, (key = new TextEncoder().encode(secret)));
  return key;
};

/** Signs a 7-day session token for a member. */
export async function signSessionToken(secret: string, user: { id: number; username: string }) {
  const jti = randomUUID();
  const token = await new SignJWT({ username: user.username })
    .setProtectedHeader({ alg: ALG })
    .setSubject(String(user.id))
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(keyOf(secret));
  return { token, jti, expiresIn: SESSION_TTL_SECONDS };
}

/**
 * Verifies signature and expiry, then asks the database that the member still exists
 * and the token was not revoked. Undefined for any token that must not pass.
 */
export async function authenticateToken(
  db: Executor,
  secret: string,
  token: string | undefined,
): Promise<AuthUser | undefined> {
  if (!token) return undefined;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALG] }));
  } catch {
    return undefined;
  }
  const id = Number(payload.sub);
  if (!Number.isInteger(id) || !payload.jti || !payload.exp) return undefined;
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.username',
      eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', payload.jti!)).as('revoked'),
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row || Boolean(row.revoked)) return undefined;
  return { id: row.id, username: row.username, jti: payload.jti, exp: payload.exp };
}

/** Revokes one session token until it would have expired anyway. */
export async function revokeToken(db: Executor, user: AuthUser) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti: user.jti, user_id: user.id, expires_at: new Date(user.exp * 1000).toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Expired revocations carry no information any more.
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date().toISOString()).execute();
}

/** The bearer token of an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
