import { type KeyObject, createSecretKey, randomUUID } from 'node:crypto';
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
// A raw secret makes jose import a WebCrypto key on every sign and verify: import it once.
const keyCache = new Map<string, KeyObject>();
const keyOf = (secret: string) => {
  let key = keyCache.get(secret);
  if (!key) keyCache.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};

/** Signs a 7-day session token for a member. */
export async function signSessionToken(secret: string, user: { id: number; username: string }) {
  const jti = randomUUID();
  // Milliseconds, so a reset can end the sessions signed before it and keep the one it signs next.
  const token = await new SignJWT({ username: user.username, iat_ms: Date.now() })
    .setProtectedHeader({ alg: ALG })
    .setSubject(String(user.id))
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(keyOf(secret));
  return { token, jti, expiresIn: SESSION_TTL_SECONDS };
}

const ALL_SESSIONS = 'all-sessions-of:';

/**
 * Stands for every session of a member where a jti is expected, so revoking them all travels the
 * way one logout does (`realtime.dropToken`) to every instance. A jti is a UUID: never this.
 */
export const allSessionsOf = (userId: number) => `${ALL_SESSIONS}${userId}`;

function memberOfAllSessions(jti: string): number | undefined {
  return jti.startsWith(ALL_SESSIONS) ? Number(jti.slice(ALL_SESSIONS.length)) : undefined;
}

/**
 * Sessions the database accepted in the last `ttlMs`, so a busy member's requests do not each ask
 * again. A revocation forgets the session here at once; an instance that misses the news still
 * asks the database again within `ttlMs`.
 */
export class CheckedSessions {
  private readonly checked = new Map<string, { user: AuthUser; until: number } | { revokedUntil: number }>();
  /** Members whose every session was just revoked (a password reset), until when. */
  private readonly membersRevoked = new Map<number, number>();

  constructor(private readonly ttlMs = 1000) {}

  /** The session, if the database accepted it less than `ttlMs` ago and it was not revoked since. */
  get(jti: string): AuthUser | undefined {
    const entry = this.checked.get(jti);
    return entry && 'user' in entry && entry.until > Date.now() ? entry.user : undefined;
  }

  /** Remembers a session the database accepted, unless it was revoked while the database answered. */
  remember(user: AuthUser) {
    const now = Date.now();
    const entry = this.checked.get(user.jti);
    if (entry && 'revokedUntil' in entry && entry.revokedUntil > now) return;
    if ((this.membersRevoked.get(user.id) ?? 0) > now) return;
    if (this.checked.size >= 10_000) this.sweep(now);
    this.checked.set(user.jti, { user, until: now + this.ttlMs });
  }

  /**
   * Forgets a revoked session (or, given `allSessionsOf(id)`, every session of that member), and
   * refuses to remember it for a while from a check already under way.
   */
  forget(jti: string) {
    const until = Date.now() + this.ttlMs;
    const member = memberOfAllSessions(jti);
    if (member === undefined) {
      this.checked.set(jti, { revokedUntil: until });
      return;
    }
    for (const [key, entry] of this.checked) if ('user' in entry && entry.user.id === member) this.checked.delete(key);
    for (const [id, end] of this.membersRevoked) if (end <= Date.now()) this.membersRevoked.delete(id);
    this.membersRevoked.set(member, until);
  }

  private sweep(now: number) {
    for (const [jti, entry] of this.checked)
      if (('until' in entry ? entry.until : entry.revokedUntil) <= now) this.checked.delete(jti);
    // Still full of fresh sessions (a flood of sign-ins): start over, asking the database is always safe.
    if (this.checked.size >= 10_000) this.checked.clear();
  }
}

/**
 * Verifies signature and expiry, then asks the database (or, when given, the sessions it
 * accepted in the last second) that the member still exists and the token was not revoked.
 * Undefined for any token that must not pass.
 */
export async function authenticateToken(
  db: Executor,
  secret: string,
  token: string | undefined,
  sessions?: CheckedSessions,
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
  const known = sessions?.get(payload.jti);
  if (known) return known.id === id ? known : undefined;
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.sessions_valid_from',
      eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', payload.jti!)).as('revoked'),
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row || Boolean(row.revoked)) return undefined;
  if (row.sessions_valid_from) {
    const signedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
    if (signedAt < new Date(row.sessions_valid_from).getTime()) return undefined;
  }
  const user = { id: row.id, username: row.username, jti: payload.jti, exp: payload.exp };
  sessions?.remember(user);
  return user;
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

/**
 * Ends every session the member holds now: tokens signed before this moment no longer pass. The
 * caller then drops their sockets and the sessions each instance accepted in the last second
 * (`realtime.dropToken(allSessionsOf(id))`, once the change is committed).
 */
export async function revokeAllSessions(db: Executor, userId: number) {
  await db
    .updateTable('users')
    .set({ sessions_valid_from: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** The bearer token of an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
