import { type KeyObject, createSecretKey, randomUUID } from 'node:crypto';
import { SESSION_TTL_SECONDS } from '@gardenswap/shared';
import { type JWTPayload, SignJWT, jwtVerify } from 'jose';
import type { Executor } from '../../db/schema.js';
import type { SessionActivity } from './session-activity.js';
import {
  adoptSession,
  endAllSessions,
  endOtherSessions,
  endSessionOfToken,
  endUnkeptSessions,
  findSessionCheck,
  insertSession,
} from './sessions.queries.js';

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

/**
 * Starts a 7-day session for a member: keeps its row (with the browser's user agent) and signs its
 * token. Every sign-in goes through here, so every token signed from now on has a row.
 */
export async function startSession(
  db: Executor,
  secret: string,
  user: { id: number; username: string },
  userAgent?: string,
) {
  const jti = randomUUID();
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + SESSION_TTL_SECONDS;
  const id = await insertSession(db, {
    jti,
    userId: user.id,
    userAgent,
    createdAt: new Date(),
    expiresAt: new Date(expiresAt * 1000),
  });
  // `sid` marks a token whose session has a row: without its row, such a token never passes.
  const token = await new SignJWT({ username: user.username, sid: id })
    .setProtectedHeader({ alg: ALG })
    .setSubject(String(user.id))
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { token, jti, id, expiresIn: SESSION_TTL_SECONDS };
}

const ALL_SESSIONS = 'all-sessions-of:';

/**
 * Stands for every session of a member where a jti is expected, so revoking them all travels the
 * way one logout does (`realtime.dropToken`) to every instance and closes every socket of the
 * member (each joins this room too). A jti is a UUID: never this.
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
  /** The database's answer for a session, while it is being asked. */
  private readonly asking = new Map<string, Promise<AuthUser | undefined>>();

  /** `activity`, when given, hears of every use of a session accepted here (for last_seen_at). */
  constructor(
    private readonly ttlMs = 1000,
    private readonly activity?: Pick<SessionActivity, 'seen'>,
  ) {}

  /** The session, if the database accepted it less than `ttlMs` ago and it was not revoked since. */
  get(jti: string): AuthUser | undefined {
    const entry = this.checked.get(jti);
    if (!entry || !('user' in entry) || entry.until <= Date.now()) return undefined;
    this.activity?.seen(jti);
    return entry.user;
  }

  /**
   * Asks the database about a session once, however many of its requests arrive while it answers
   * (a page's calls together, or every request in flight when the second runs out). A revocation
   * drops the question, so a request that comes after it asks again.
   */
  ask(jti: string, check: () => Promise<AuthUser | undefined>): Promise<AuthUser | undefined> {
    const pending = this.asking.get(jti);
    if (pending) return pending;
    const answer = check().finally(() => {
      if (this.asking.get(jti) === answer) this.asking.delete(jti);
    });
    this.asking.set(jti, answer);
    return answer;
  }

  /**
   * Remembers a session the database accepted (last used at `lastSeenAt`, when known), unless it
   * was revoked while the database answered.
   */
  remember(user: AuthUser, lastSeenAt?: number) {
    const now = Date.now();
    const entry = this.checked.get(user.jti);
    if (entry && 'revokedUntil' in entry && entry.revokedUntil > now) return;
    if ((this.membersRevoked.get(user.id) ?? 0) > now) return;
    this.activity?.seen(user.jti, lastSeenAt);
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
      this.asking.delete(jti);
      this.checked.set(jti, { revokedUntil: until });
      return;
    }
    // Questions are kept by session, not member: drop them all (a few requests ask again).
    this.asking.clear();
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

const VERIFIED_MAX = 10_000;
const verifiedBySecret = new Map<string, Map<string, JWTPayload>>();

/**
 * The claims of a token signed with `secret` and not expired. A member sends the same token with
 * every request, and checking its HMAC through WebCrypto cost more than the rest of a listing's
 * read, so a signature once verified is remembered (per secret, up to 10,000 tokens, then
 * started over). What is remembered is only that these bytes were signed with this secret, which
 * never changes; expiry is checked on every use, and the session behind the token by the caller.
 */
async function verifiedClaims(token: string, secret: string): Promise<JWTPayload | undefined> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  let payload = verified.get(token);
  if (!payload) {
    try {
      ({ payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALG] }));
    } catch {
      return undefined;
    }
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, payload);
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now()) return undefined;
  return payload;
}

/**
 * Verifies signature and expiry, then asks the database (or, when given, the sessions it
 * accepted in the last second) that the member still exists and the token's session is live.
 * Undefined for any token that must not pass. `userAgent` describes the browser of a token signed
 * before sessions were kept, whose row is made on its first use.
 */
export async function authenticateToken(
  db: Executor,
  secret: string,
  token: string | undefined,
  sessions?: CheckedSessions,
  userAgent?: string,
): Promise<AuthUser | undefined> {
  if (!token) return undefined;
  const payload = await verifiedClaims(token, secret);
  if (!payload) return undefined;
  const id = Number(payload.sub);
  const { jti, exp } = payload;
  if (!Number.isInteger(id) || !jti || !exp) return undefined;
  const known = sessions?.get(jti);
  if (known) return known.id === id ? known : undefined;
  const check = () => checkSession(db, { ...payload, id, jti, exp }, sessions, userAgent);
  const user = await (sessions ? sessions.ask(jti, check) : check());
  return user?.id === id ? user : undefined;
}

/** Asks the database whether the token's member exists and its session is live (see `authenticateToken`). */
async function checkSession(
  db: Executor,
  payload: JWTPayload & { id: number; jti: string; exp: number },
  sessions: CheckedSessions | undefined,
  userAgent: string | undefined,
): Promise<AuthUser | undefined> {
  const { id, jti, exp } = payload;
  const found = await findSessionCheck(db, id, jti);
  if (!found) return undefined;
  if (found.session?.ended) return undefined;
  if (!found.session) {
    // A token signed since sessions are kept carries `sid`: without its row it never passes.
    if (payload.sid !== undefined) return undefined;
    /*
     * A token signed before sessions were kept (a member signed in at deploy): it stays valid
     * until it expires, within seven days of the deploy, unless the member's sessions were all
     * ended since it was signed (a password reset, a suspension). Its first use makes its row, so
     * from then on it is listed, seen and ended like any other; a logout already made an ended row.
     */
    const signedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
    if (found.sessionsValidFrom !== undefined && signedAt < found.sessionsValidFrom) return undefined;
    await adoptSession(db, {
      jti,
      userId: id,
      userAgent,
      createdAt: new Date(signedAt),
      expiresAt: new Date(exp * 1000),
    });
  }
  const user = { id: found.id, username: found.username, jti, exp };
  sessions?.remember(user, found.session?.lastSeenAt);
  return user;
}

/** Ends the session of one token (a logout): it no longer passes, on any instance within a second. */
export async function revokeToken(db: Executor, user: AuthUser) {
  await endSessionOfToken(db, { jti: user.jti, userId: user.id, expiresAt: new Date(user.exp * 1000) });
}

/**
 * Ends every session the member holds now, including tokens signed before sessions were kept
 * that were never seen since. The caller then drops their sockets and the sessions each instance
 * accepted in the last second (`realtime.dropToken(allSessionsOf(id))`, once the change is
 * committed); a session started after this call is not affected.
 */
export async function revokeAllSessions(db: Executor, userId: number) {
  await endAllSessions(db, userId);
  await endUnkeptSessions(db, userId);
}

/**
 * Ends every session of the member but the one of `keep` (theirs), tokens signed before sessions
 * were kept and never seen since included. The jtis it ended: the caller hands each to
 * `realtime.dropToken` once the change is committed, which closes its sockets everywhere.
 */
export async function revokeOtherSessions(db: Executor, keep: AuthUser): Promise<string[]> {
  const ended = await endOtherSessions(db, keep.id, keep.jti);
  await endUnkeptSessions(db, keep.id);
  return ended;
}

/** The bearer token of an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
