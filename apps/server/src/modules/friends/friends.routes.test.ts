import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createUser, friendshipRows, type TestUser } from '../../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const request = (from: TestUser, to: { id: number }) =>
  ctx.inject({ method: 'POST', url: '/api/auth/friends/request', payload: { friend_id: to.id }, as: from });
const respond = (as: TestUser, requestId: number, accept: boolean) =>
  ctx.inject({ method: 'POST', url: '/api/auth/friends/respond', payload: { request_id: requestId, accept }, as });
const status = async (as: TestUser, other: { id: number }) =>
  (await ctx.inject({ method: 'GET', url: `/api/auth/friends/status/${other.id}`, as })).json();
const remove = (as: TestUser, other: { id: number }) =>
  ctx.inject({ method: 'DELETE', url: `/api/auth/friends/${other.id}`, as });
const friendsOf = async (as: TestUser) => (await ctx.inject({ method: 'GET', url: '/api/auth/friends', as })).json();
const requestsOf = async (as: TestUser, direction?: 'incoming' | 'outgoing') =>
  (
    await ctx.inject({
      method: 'GET',
      url: `/api/auth/friends/requests${direction ? `?direction=${direction}` : ''}`,
      as,
    })
  ).json();
const ownCount = async (as: TestUser) =>
  (await ctx.inject({ method: 'GET', url: '/api/auth/profile', as })).json().friend_count;
const publicCount = async (viewer: TestUser, of: { id: number }) =>
  (await ctx.inject({ method: 'GET', url: `/api/auth/users/${of.id}/public`, as: viewer })).json().friend_count;
const rowsOf = (a: { id: number }, b: { id: number }) => friendshipRows(ctx, a, b);

describe('friendship state machine', () => {
  it('goes none → pending → accepted → none, and friend_count follows on both sides', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const viewer = await createUser(ctx);
    expect(await status(ann, bob)).toEqual({ status: 'none' });

    const sent = await request(ann, bob);
    expect(sent.statusCode).toBe(201);
    const requestId = sent.json().request_id;
    expect(sent.json()).toEqual({ status: 'pending', direction: 'outgoing', request_id: expect.any(Number) });
    expect(await status(ann, bob)).toEqual({ status: 'pending', direction: 'outgoing', request_id: requestId });
    expect(await status(bob, ann)).toEqual({ status: 'pending', direction: 'incoming', request_id: requestId });
    expect(await ownCount(ann)).toBe(0);
    expect(await friendsOf(ann)).toEqual([]);

    const accepted = await respond(bob, requestId, true);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'accepted' });
    expect(await status(ann, bob)).toEqual({ status: 'accepted' });
    expect(await status(bob, ann)).toEqual({ status: 'accepted' });
    expect(await friendsOf(ann)).toEqual([{ id: bob.id, username: bob.username, profile_picture: null }]);
    expect(await friendsOf(bob)).toEqual([{ id: ann.id, username: ann.username, profile_picture: null }]);
    expect(await requestsOf(bob)).toEqual([]);
    expect(await ownCount(ann)).toBe(1);
    expect(await ownCount(bob)).toBe(1);
    expect(await publicCount(viewer, ann)).toBe(1);
    expect(await publicCount(viewer, bob)).toBe(1);

    const removed = await remove(ann, bob);
    expect(removed.statusCode).toBe(204);
    expect(await status(bob, ann)).toEqual({ status: 'none' });
    expect(await friendsOf(bob)).toEqual([]);
    expect(await ownCount(ann)).toBe(0);
    expect(await publicCount(viewer, bob)).toBe(0);
    expect(await rowsOf(ann, bob)).toHaveLength(0);
  });

  it('lets the requester cancel an outgoing request', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    await request(ann, bob);
    expect((await remove(ann, bob)).statusCode).toBe(204);
    expect(await status(ann, bob)).toEqual({ status: 'none' });
    expect(await requestsOf(bob)).toEqual([]);
    expect(await requestsOf(ann, 'outgoing')).toEqual([]);
    expect(await rowsOf(ann, bob)).toHaveLength(0);
  });

  it('lets the addressee remove an incoming request with DELETE too', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    await request(ann, bob);
    expect((await remove(bob, ann)).statusCode).toBe(204);
    expect(await status(ann, bob)).toEqual({ status: 'none' });
  });

  it('removes a friendship whichever side deletes it', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    await befriend(ctx, ann, bob);
    expect((await remove(bob, ann)).statusCode).toBe(204);
    expect(await ownCount(ann)).toBe(0);
    expect(await rowsOf(ann, bob)).toHaveLength(0);
  });

  it('declining deletes the request, counts nothing and lets the requester ask again', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const requestId = (await request(ann, bob)).json().request_id;
    const declined = await respond(bob, requestId, false);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ status: 'none' });
    expect(await status(ann, bob)).toEqual({ status: 'none' });
    expect(await rowsOf(ann, bob)).toHaveLength(0);
    expect(await ownCount(bob)).toBe(0);
    expect((await request(ann, bob)).statusCode).toBe(201);
  });

  it('accepts both when the other member had already asked me', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    await request(ann, bob);
    const mutual = await request(bob, ann);
    expect(mutual.statusCode).toBe(201);
    expect(mutual.json()).toEqual({ status: 'accepted' });
    const rows = await rowsOf(ann, bob);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'accepted', requester_id: ann.id });
    expect(await ownCount(ann)).toBe(1);
    expect(await ownCount(bob)).toBe(1);
    expect(await requestsOf(bob)).toEqual([]);
    expect(await requestsOf(ann, 'outgoing')).toEqual([]);
  });

  it('counts only accepted friendships, not pending requests either way', async () => {
    const ann = await createUser(ctx);
    const [bob, cat, dan] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, ann, bob);
    await befriend(ctx, cat, ann);
    await request(ann, dan);
    expect(await ownCount(ann)).toBe(2);
    expect(await publicCount(dan, ann)).toBe(2);
    expect(await publicCount(ann, dan)).toBe(0);
  });
});

describe('POST /api/auth/friends/request errors', () => {
  it('refuses a request to oneself with 422 and names the field', async () => {
    const ann = await createUser(ctx);
    const res = await request(ann, ann);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: TEXTS.friendSelf,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'friend_id', message: TEXTS.friendSelf }],
    });
    expect(await rowsOf(ann, ann)).toHaveLength(0);
  });

  it('answers 404 "User not found" for a member who does not exist', async () => {
    const ann = await createUser(ctx);
    const res = await request(ann, { id: 987_654 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
  });

  it('answers 409 ALREADY_FRIENDS from either side of a friendship', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    await befriend(ctx, ann, bob);
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const res = await request(from, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: TEXTS.friendAlready, code: 'ALREADY_FRIENDS' });
    }
    expect(await rowsOf(ann, bob)).toHaveLength(1);
  });

  it('answers 409 ALREADY_REQUESTED to a second request and keeps one row', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const first = (await request(ann, bob)).json();
    const res = await request(ann, bob);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: TEXTS.friendAlreadyRequested, code: 'ALREADY_REQUESTED' });
    const rows = await rowsOf(ann, bob);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.request_id, status: 'pending' });
  });

  it('answers 422 for a friend_id that is not an id', async () => {
    const ann = await createUser(ctx);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/request',
      payload: { friend_id: 'abc' },
      as: ann,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'friend_id' }] });
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/friends/request', payload: { friend_id: 1 } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/auth/friends/respond errors', () => {
  const notFoundBody = { detail: TEXTS.friendRequestNotFound, code: 'NOT_FOUND' };

  it('lets only the addressee answer: the requester and a third member get 404 and nothing changes', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const eve = await createUser(ctx);
    const requestId = (await request(ann, bob)).json().request_id;
    for (const [as, accept] of [
      [ann, true],
      [ann, false],
      [eve, true],
      [eve, false],
    ] as const) {
      const res = await respond(as, requestId, accept);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody);
    }
    expect(await rowsOf(ann, bob)).toEqual([expect.objectContaining({ id: requestId, status: 'pending' })]);
  });

  it('answers 404 for a request that is already accepted, and declining it does not unfriend', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const requestId = (await request(ann, bob)).json().request_id;
    await respond(bob, requestId, true);
    expect((await respond(bob, requestId, true)).statusCode).toBe(404);
    const declined = await respond(bob, requestId, false);
    expect(declined.statusCode).toBe(404);
    expect(declined.json()).toEqual(notFoundBody);
    expect(await status(ann, bob)).toEqual({ status: 'accepted' });
  });

  it('answers 404 for a request that does not exist', async () => {
    const bob = await createUser(ctx);
    const res = await respond(bob, 987_654, true);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFoundBody);
  });

  it('reads accept from a form-style string and rejects a missing one with 422', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const requestId = (await request(ann, bob)).json().request_id;
    const missing = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/respond',
      payload: { request_id: requestId },
      as: bob,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'accept' }] });
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/respond',
      payload: { request_id: String(requestId), accept: 'true' },
      as: bob,
    });
    expect(res.json()).toEqual({ status: 'accepted' });
  });
});

describe('DELETE /api/auth/friends/{userId}', () => {
  it('answers 404 when there is nothing to remove, and for oneself', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    for (const other of [bob, ann, { id: 987_654 }]) {
      const res = await remove(ann, other);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: TEXTS.friendshipNotFound, code: 'NOT_FOUND' });
    }
  });

  it('touches only the pair it names', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const cat = await createUser(ctx);
    await befriend(ctx, ann, bob);
    await befriend(ctx, ann, cat);
    await remove(ann, bob);
    expect(await friendsOf(ann)).toEqual([{ id: cat.id, username: cat.username, profile_picture: null }]);
    expect(await ownCount(cat)).toBe(1);
  });
});

describe('GET /api/auth/friends and /requests', () => {
  it('lists accepted friends only, alphabetical whatever the case, with no private fields', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const me = await createUser(ctx);
    const carrot = await createUser(ctx, { username: `carrot_${tag}` });
    const apple = await createUser(ctx, { username: `Apple_${tag}` });
    const beet = await createUser(ctx, { username: `beet_${tag}` });
    const pending = await createUser(ctx, { username: `aaa_${tag}` });
    await befriend(ctx, me, carrot);
    await befriend(ctx, apple, me);
    await befriend(ctx, me, beet);
    await request(me, pending);
    const friends = await friendsOf(me);
    expect(friends.map((f: { username: string }) => f.username)).toEqual([
      apple.username,
      beet.username,
      carrot.username,
    ]);
    expect(Object.keys(friends[0]).sort()).toEqual(['id', 'profile_picture', 'username']);
  });

  it('lists incoming requests newest first, and outgoing ones with ?direction=outgoing', async () => {
    const me = await createUser(ctx);
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    const asked = await createUser(ctx);
    const friend = await createUser(ctx);
    const r1 = (await request(first, me)).json().request_id;
    const r2 = (await request(second, me)).json().request_id;
    const r3 = (await request(me, asked)).json().request_id;
    await befriend(ctx, me, friend);

    const incoming = await requestsOf(me);
    expect(incoming).toEqual([
      { id: r2, user_id: second.id, username: second.username, profile_picture: null, created_at: expect.any(String) },
      { id: r1, user_id: first.id, username: first.username, profile_picture: null, created_at: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(incoming[0].created_at))).toBe(false);
    expect(await requestsOf(me, 'incoming')).toEqual(incoming);

    expect(await requestsOf(me, 'outgoing')).toEqual([
      { id: r3, user_id: asked.id, username: asked.username, profile_picture: null, created_at: expect.any(String) },
    ]);
    expect(await requestsOf(asked)).toEqual([
      { id: r3, user_id: me.id, username: me.username, profile_picture: null, created_at: expect.any(String) },
    ]);
    expect(await requestsOf(first, 'outgoing')).toEqual([expect.objectContaining({ id: r1, user_id: me.id })]);
  });

  it('rejects an unknown direction with 422', async () => {
    const me = await createUser(ctx);
    const res = await ctx.inject({ method: 'GET', url: '/api/auth/friends/requests?direction=sideways', as: me });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/auth/friends', '/api/auth/friends/requests', '/api/auth/friends/status/1']) {
      expect((await ctx.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
