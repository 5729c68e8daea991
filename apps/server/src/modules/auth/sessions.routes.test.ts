import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SESSION_TEXTS, SESSION_TTL_SECONDS, SESSIONS_LIST_MAX, TEXTS } from '@gardenswap/shared';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import type { TestContext } from '../../../test/app.js';
import { createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { connectTab, listenForSockets } from '../../../test/sockets.js';
import { insertPasswordReset } from './auth.queries.js';
import { allSessionsOf, revokeAllSessions, startSession } from '../../plugins/sessions/auth.tokens.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
let url: string;
const open = listenForSockets((live) => ({ ctx, url } = live));

const login = async (member: TestUser, userAgent?: string) => {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: member.email, password: PASSWORD },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
};
const profile = (token: string) => ctx.inject({ method: 'GET', url: '/api/auth/profile', as: token });
const list = (token: string) => ctx.inject({ method: 'GET', url: '/api/auth/sessions', as: token });
const signOut = (token: string, id: number | string) =>
  ctx.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, as: token });
const signOutOthers = (token: string) =>
  ctx.inject({ method: 'POST', url: '/api/auth/sessions/sign-out-others', as: token });

/** The id of the member's session of `token`, as the list shows it to that session. */
async function currentSessionId(token: string): Promise<number> {
  const sessions = (await list(token)).json() as { id: number; current: boolean }[];
  return sessions.find((s) => s.current)!.id;
}

/** Resolves with the reason once the socket is closed; rejects if it stays open. */
const closing = (socket: { once(event: 'disconnect', cb: (reason: string) => void): unknown }) =>
  new Promise<string>((resolve, reject) => {
    socket.once('disconnect', resolve);
    setTimeout(() => reject(new Error('the socket stayed open')), 5000);
  });

/** A token as sessions were signed before they were kept: no `sid`, and no row. */
function tokenFromBeforeSessions(member: { id: number; username: string }, signedAt = Date.now()) {
  const jti = randomUUID();
  const iat = Math.floor(signedAt / 1000);
  return new SignJWT({ username: member.username, iat_ms: signedAt })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(member.id))
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_SECONDS)
    .sign(new TextEncoder().encode(ctx.config.jwtSecret))
    .then((token) => ({ token, jti }));
}

describe('GET /api/auth/sessions', () => {
  it('lists each sign-in with its browser, this one first and marked current', async () => {
    const member = await createUser(ctx);
    const laptop = await login(member, FIREFOX_WINDOWS);
    await login(member, SAFARI_IPHONE);
    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    // The factory's session, the laptop and the phone.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ browser: 'Firefox on Windows', current: true });
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.map((s: { browser: string }) => s.browser)).toContain('Safari on iOS');
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(['browser', 'created_at', 'current', 'id', 'last_seen_at']);
      expect(Date.now() - new Date(session.created_at).getTime()).toBeLessThan(60_000);
      expect(new Date(session.last_seen_at).getTime()).toBeGreaterThanOrEqual(new Date(session.created_at).getTime());
    }
    expect(JSON.stringify(sessions)).not.toContain(laptop.split('.')[1]);
  });

  it('shows only the member’s own live sessions: not another member’s, not a signed-out or expired one', async () => {
    const member = await createUser(ctx);
    const stranger = await createUser(ctx);
    await login(stranger, SAFARI_IPHONE);
    const old = await login(member, SAFARI_IPHONE);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/logout', as: old })).statusCode).toBe(204);
    await login(member, SAFARI_IPHONE);
    await ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .where('jti', '!=', member.jti)
      .where('ended_at', 'is', null)
      .execute();
    const sessions = (await list(member.token)).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, browser: SESSION_TEXTS.unknownBrowser });
  });

  it('lists at most the newest hundred, the asking one always first, and signing out everywhere else ends them all', async () => {
    const member = await createUser(ctx);
    for (let i = 0; i < SESSIONS_LIST_MAX + 5; i++) await startSession(ctx.db, ctx.config.jwtSecret, member);
    const sessions = (await list(member.token)).json();
    expect(sessions).toHaveLength(SESSIONS_LIST_MAX);
    expect(sessions[0]).toMatchObject({ current: true });
    expect((await signOutOthers(member.token)).json()).toEqual({ signed_out: SESSIONS_LIST_MAX + 5 });
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it('signs the session out: its token answers 401 at once and its open socket is closed', async () => {
    const member = await createUser(ctx);
    const phone = await login(member, SAFARI_IPHONE);
    const phoneId = await currentSessionId(phone);
    const phoneTab = await connectTab(url, phone, open);
    const myTab = await connectTab(url, member.token, open);
    // Accepted a moment ago: the server must not keep trusting it.
    expect((await profile(phone)).statusCode).toBe(200);
    const phoneClosed = closing(phoneTab.socket);

    expect((await signOut(member.token, phoneId)).statusCode).toBe(204);
    const after = await profile(phone);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ detail: TEXTS.tokenInvalid, code: 'UNAUTHORIZED' });
    expect(await phoneClosed).toBe('io server disconnect');
    await expect(connectTab(url, phone, open)).rejects.toThrow('unauthorized');

    expect((await profile(member.token)).statusCode).toBe(200);
    expect(myTab.socket.connected).toBe(true);
    const left = (await list(member.token)).json();
    expect(left.map((s: { id: number }) => s.id)).not.toContain(phoneId);
  });

  it('answers 404, the same as for no session at all, for another member’s session, and leaves it working', async () => {
    const member = await createUser(ctx);
    const victim = await createUser(ctx);
    const victimToken = await login(victim, FIREFOX_WINDOWS);
    const victimSession = await currentSessionId(victimToken);
    const victimTab = await connectTab(url, victimToken, open);

    const theirs = await signOut(member.token, victimSession);
    const none = await signOut(member.token, 2_000_000_000);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: SESSION_TEXTS.sessionNotFound, code: 'NOT_FOUND' });
    expect(none.statusCode).toBe(404);
    expect(none.body).toBe(theirs.body);

    expect((await profile(victimToken)).statusCode).toBe(200);
    expect(victimTab.socket.connected).toBe(true);
    expect((await list(victimToken)).json().map((s: { id: number }) => s.id)).toContain(victimSession);
  });

  it('answers 404 for a session already signed out, and a clear 4xx for an id that is not one', async () => {
    const member = await createUser(ctx);
    const phone = await login(member, SAFARI_IPHONE);
    const phoneId = await currentSessionId(phone);
    expect((await signOut(member.token, phoneId)).statusCode).toBe(204);
    expect((await signOut(member.token, phoneId)).statusCode).toBe(404);
    const bad = await signOut(member.token, 'not-an-id');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/auth/sessions/sign-out-others', () => {
  it('ends every other session and its sockets, and keeps this one and its socket', async () => {
    const member = await createUser(ctx);
    const laptop = await login(member, FIREFOX_WINDOWS);
    const phone = await login(member, SAFARI_IPHONE);
    const laptopTab = await connectTab(url, laptop, open);
    const phoneTab = await connectTab(url, phone, open);
    const oldTab = await connectTab(url, member.token, open);
    for (const token of [laptop, phone, member.token]) expect((await profile(token)).statusCode).toBe(200);
    const closed = [closing(phoneTab.socket), closing(oldTab.socket)];

    const res = await signOutOthers(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_out: 2 });
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(member.token)).statusCode).toBe(401);

    expect((await profile(laptop)).statusCode).toBe(200);
    expect(laptopTab.socket.connected).toBe(true);
    const left = (await list(laptop)).json();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, browser: 'Firefox on Windows' });
  });

  it('touches no other member’s sessions', async () => {
    const member = await createUser(ctx);
    const neighbour = await createUser(ctx);
    expect((await signOutOthers(member.token)).json()).toEqual({ signed_out: 0 });
    expect((await profile(neighbour.token)).statusCode).toBe(200);
  });
});

describe('the other ways a session ends', () => {
  it('logout ends the session: its token answers 401 and it leaves the list', async () => {
    const member = await createUser(ctx);
    const phone = await login(member, SAFARI_IPHONE);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/logout', as: phone })).statusCode).toBe(204);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await list(member.token)).json()).toHaveLength(1);
  });

  it('a password reset leaves only the session it signs in, with the browser that reset it', async () => {
    const member = await createUser(ctx);
    const phone = await login(member, SAFARI_IPHONE);
    const phoneTab = await connectTab(url, phone, open);
    const phoneClosed = closing(phoneTab.socket);
    const link = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(link).digest('base64url');
    await insertPasswordReset(ctx.db, member.id, hash, new Date(Date.now() + 60_000));
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token: link, password: 'a brand new secret 7' },
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(res.statusCode).toBe(200);
    expect(await phoneClosed).toBe('io server disconnect');
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(member.token)).statusCode).toBe(401);
    const sessions = (await list(res.json().access_token)).json();
    expect(sessions).toEqual([expect.objectContaining({ current: true, browser: 'Firefox on Windows' })]);
  });

  it('ending all of a member’s sessions (a password reset, a suspension) ends every row and socket', async () => {
    const member = await createUser(ctx);
    const phone = await login(member, SAFARI_IPHONE);
    const phoneTab = await connectTab(url, phone, open);
    const myTab = await connectTab(url, member.token, open);
    const closed = [closing(phoneTab.socket), closing(myTab.socket)];
    await revokeAllSessions(ctx.db, member.id);
    ctx.app.realtime.dropToken(allSessionsOf(member.id));
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect((await profile(phone)).statusCode).toBe(401);
    expect((await profile(member.token)).statusCode).toBe(401);
    const fresh = await login(member, FIREFOX_WINDOWS);
    expect((await list(fresh)).json()).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('tokens signed before sessions were kept', () => {
  it('keep working, and get their row on first use with the browser that used them', async () => {
    const member = await createUser(ctx);
    const legacy = await tokenFromBeforeSessions(member, Date.now() - 3 * 86_400_000);
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      as: legacy.token,
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ current: true, browser: 'Safari on iOS' });
    const row = await ctx.db.selectFrom('sessions').selectAll().where('jti', '=', legacy.jti).executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.created_at).getTime()).toBeGreaterThan(2 * 86_400_000);
    // From then on it is a session like any other: signing it out ends it.
    expect((await signOut(member.token, res.json()[0].id)).statusCode).toBe(204);
    expect((await profile(legacy.token)).statusCode).toBe(401);
  });

  it('end with everything else when all sessions are ended, or signed out everywhere else, though never seen', async () => {
    const member = await createUser(ctx);
    const beforeReset = await tokenFromBeforeSessions(member, Date.now() - 60_000);
    await revokeAllSessions(ctx.db, member.id);
    expect((await profile(beforeReset.token)).statusCode).toBe(401);

    const other = await createUser(ctx);
    const unseen = await tokenFromBeforeSessions(other, Date.now() - 60_000);
    const fresh = await login(other, FIREFOX_WINDOWS);
    expect((await signOutOthers(fresh)).statusCode).toBe(200);
    expect((await profile(unseen.token)).statusCode).toBe(401);
    expect((await profile(fresh)).statusCode).toBe(200);
  });

  it('pass no more once logged out, though logout made their row', async () => {
    const member = await createUser(ctx);
    const legacy = await tokenFromBeforeSessions(member);
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/logout', as: legacy.token })).statusCode).toBe(204);
    expect((await profile(legacy.token)).statusCode).toBe(401);
  });

  it('a token of today’s kind (with `sid`) never passes without its row', async () => {
    const member = await createUser(ctx);
    await ctx.db.deleteFrom('sessions').where('jti', '=', member.jti).execute();
    expect((await profile(member.token)).statusCode).toBe(401);
  });
});

describe('last seen', () => {
  it('is written after use, at most once a minute, without a write per request', async () => {
    const member = await createUser(ctx);
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await ctx.db.updateTable('sessions').set({ last_seen_at: longAgo }).where('jti', '=', member.jti).execute();
    const seenAt = () =>
      ctx.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('jti', '=', member.jti)
        .executeTakeFirstOrThrow()
        .then((r) => new Date(r.last_seen_at).getTime());
    expect((await profile(member.token)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(Date.now() - (await seenAt())).toBeLessThan(10_000), {
      timeout: 8000,
      interval: 200,
    });
    // Marked a moment ago: more requests, on a fresh check too, write nothing for a minute.
    await ctx.db.updateTable('sessions').set({ last_seen_at: longAgo }).where('jti', '=', member.jti).execute();
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 5; i++) expect((await profile(member.token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 5500));
    expect(new Date(await seenAt()).toISOString()).toBe(longAgo);
  }, 20_000);
});
