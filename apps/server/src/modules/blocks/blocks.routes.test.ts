import { SAFETY_TEXTS, type SendMessageAck, TEXTS } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, friendshipRows, type TestUser } from '../../../test/factories.js';
import { connectTab, listenForSockets } from '../../../test/sockets.js';

describe('blocking a member', () => {
  let ctx: TestContext;
  let url: string;
  const open = listenForSockets((live) => ({ ctx, url } = live));

  const get = (as: TestUser, path: string) => ctx.inject({ method: 'GET', url: path, as });
  const block = (as: TestUser, userId: number | string) =>
    ctx.inject({ method: 'POST', url: '/api/blocks', payload: { user_id: userId }, as });
  const unblock = (as: TestUser, userId: number) => ctx.inject({ method: 'DELETE', url: `/api/blocks/${userId}`, as });
  const ids = (res: { json: () => unknown }) => (res.json() as { id: number }[]).map((l) => l.id);

  it('hides the blocker from the blocked member everywhere, as if they were not there', async () => {
    const [alice, carol] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, alice, carol);
    const publicOne = await createListing(ctx, alice, { title: 'Blockade beans', is_public: true });
    const friendsOne = await createListing(ctx, alice, { title: 'Blockade basil', is_public: false });
    await ctx.inject({
      method: 'POST',
      url: '/api/listings/want-listings',
      payload: { title: 'Rhubarb', category_id: 1 },
      as: alice,
    });
    await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver_id: alice.id, content: 'Hi' },
      as: carol,
    });
    const profileBefore = await get(carol, `/api/auth/users/${carol.id}/public`);
    expect(profileBefore.json().friend_count).toBe(1);
    expect(ids(await get(carol, `/api/listings/?user_id=${alice.id}`))).toEqual(
      expect.arrayContaining([publicOne.id, friendsOne.id]),
    );

    const res = await block(alice, carol.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ user_id: carol.id });

    // The friendship ended in the same stroke, and the count follows.
    expect(await friendshipRows(ctx, alice, carol)).toEqual([]);
    expect((await get(carol, `/api/auth/users/${carol.id}/public`)).json().friend_count).toBe(0);
    expect((await get(alice, '/api/auth/friends/')).json()).toEqual([]);

    // Listings: every tab, a member filter and a text search.
    for (const path of [
      '/api/listings/?public=true',
      '/api/listings/?friends=true',
      `/api/listings/?user_id=${alice.id}`,
    ]) {
      const listed = ids(await get(carol, path));
      expect(listed).not.toContain(publicOne.id);
      expect(listed).not.toContain(friendsOne.id);
    }
    expect(ids(await get(carol, '/api/listings/?q=blockade'))).toEqual([]);
    expect((await get(carol, `/api/listings/${publicOne.id}`)).statusCode).toBe(404);
    // Both ways: the blocker no longer sees the blocked member's listings either.
    const carolsListing = await createListing(ctx, carol, { title: 'Blocked carrots' });
    expect(ids(await get(alice, '/api/listings/?public=true'))).not.toContain(carolsListing.id);

    // The seller page: profile and want list.
    for (const [viewer, other] of [
      [carol, alice],
      [alice, carol],
    ] as const) {
      const profile = await get(viewer, `/api/auth/users/${other.id}/public`);
      expect(profile.statusCode).toBe(404);
      expect(profile.json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
      const wants = await get(viewer, `/api/listings/want-listings/?user_id=${other.id}`);
      expect(wants.statusCode).toBe(404);
      expect(wants.json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
    }

    // Messages: a clear 403 both ways, the thread gone, the conversation closed.
    for (const [from, to] of [
      [carol, alice],
      [alice, carol],
    ] as const) {
      const sent = await ctx.inject({
        method: 'POST',
        url: '/api/messages',
        payload: { receiver_id: to.id, content: 'Still there?' },
        as: from,
      });
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toEqual({ detail: SAFETY_TEXTS.cannotMessage, code: 'FORBIDDEN' });
      const thread = await get(from, `/api/messages/${to.id}`);
      expect(thread.statusCode).toBe(403);
      expect(thread.json()).toEqual({ detail: SAFETY_TEXTS.cannotMessage, code: 'FORBIDDEN' });
      expect((await get(from, '/api/messages')).json()).toEqual([]);
    }
    // Carol's unread message no longer counts on Alice's badge.
    expect((await get(alice, '/api/messages/unread-count')).json()).toEqual({ count: 0 });

    // Friend requests: as if Alice did not exist.
    const request = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/request',
      payload: { friend_id: alice.id },
      as: carol,
    });
    expect(request.statusCode).toBe(404);
    expect(await friendshipRows(ctx, alice, carol)).toEqual([]);
  });

  it('refuses a message over the socket with the same 403 body and delivers nothing', async () => {
    const [alice, carol] = [await createUser(ctx), await createUser(ctx)];
    await block(alice, carol.id);
    const carolTab = await connectTab(url, carol.token, open);
    const aliceTab = await connectTab(url, alice.token, open);
    const ack = await new Promise<SendMessageAck>((resolve) => {
      carolTab.socket.emit('send_message', { receiver_id: alice.id, content: 'Let me in' }, resolve);
    });
    expect(ack).toEqual({ ok: false, detail: SAFETY_TEXTS.cannotMessage, code: 'FORBIDDEN' });
    await new Promise((r) => setTimeout(r, 150));
    expect(aliceTab.received).toEqual([]);
    const rows = await ctx.db.selectFrom('messages').select('id').where('sender_id', '=', carol.id).execute();
    expect(rows).toEqual([]);
  });

  it('ends a pending request too', async () => {
    const [alice, carol] = [await createUser(ctx), await createUser(ctx)];
    const asked = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/request',
      payload: { friend_id: alice.id },
      as: carol,
    });
    expect(asked.statusCode).toBe(201);
    await block(alice, carol.id);
    expect(await friendshipRows(ctx, alice, carol)).toEqual([]);
    expect((await get(alice, '/api/auth/friends/requests')).json()).toEqual([]);
  });

  it('lifts with DELETE: public listings and the profile come back, the friendship does not', async () => {
    const [alice, carol] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, alice, carol);
    const publicOne = await createListing(ctx, alice, { is_public: true });
    const friendsOne = await createListing(ctx, alice, { is_public: false });
    await block(alice, carol.id);
    const res = await unblock(alice, carol.id);
    expect(res.statusCode).toBe(204);
    const listed = ids(await get(carol, `/api/listings/?user_id=${alice.id}`));
    expect(listed).toContain(publicOne.id);
    expect(listed).not.toContain(friendsOne.id);
    expect((await get(carol, `/api/auth/users/${alice.id}/public`)).statusCode).toBe(200);
    expect(await friendshipRows(ctx, alice, carol)).toEqual([]);
    const sent = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver_id: alice.id, content: 'Friends again?' },
      as: carol,
    });
    expect(sent.statusCode).toBe(201);
  });

  it('keeps the other member’s own block when one lifts theirs', async () => {
    const [alice, carol] = [await createUser(ctx), await createUser(ctx)];
    await block(alice, carol.id);
    await block(carol, alice.id);
    await unblock(alice, carol.id);
    expect((await get(alice, `/api/auth/users/${carol.id}/public`)).statusCode).toBe(404);
  });

  it('is idempotent, lists my blocks newest first and nobody else’s', async () => {
    const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    expect((await block(alice, carol.id)).statusCode).toBe(201);
    expect((await block(alice, carol.id)).statusCode).toBe(201);
    await block(alice, bob.id);
    await block(carol, bob.id);
    const res = await get(alice, '/api/blocks');
    expect(res.statusCode).toBe(200);
    const listed = res.json() as { id: number; username: string; profile_picture: string | null; created_at: string }[];
    expect(listed.map((b) => b.id).sort()).toEqual([bob.id, carol.id].sort());
    expect(listed[0]).toEqual({
      id: expect.any(Number),
      username: expect.any(String),
      profile_picture: null,
      created_at: expect.any(String),
    });
    expect(listed.find((b) => b.id === carol.id)?.username).toBe(carol.username);
    expect(await ctx.db.selectFrom('blocks').selectAll().where('blocker_id', '=', alice.id).execute()).toHaveLength(2);
    expect((await unblock(alice, bob.id)).statusCode).toBe(204);
    expect((await unblock(alice, bob.id)).statusCode).toBe(204);
    expect(ids(await get(alice, '/api/blocks'))).toEqual([carol.id]);
  });

  it('answers 422 for oneself, 404 for an unknown member and 422 for a bad id', async () => {
    const alice = await createUser(ctx);
    const self = await block(alice, alice.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({
      detail: SAFETY_TEXTS.blockSelf,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'user_id', message: SAFETY_TEXTS.blockSelf }],
    });
    const unknown = await block(alice, 987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
    expect((await block(alice, 'abc')).statusCode).toBe(422);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/blocks' })).statusCode).toBe(401);
  });
});
