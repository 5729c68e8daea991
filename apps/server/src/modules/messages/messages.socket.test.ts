import { type SendMessageAck, TEXTS } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, type Tab, connectTab, openSocket, listenForSockets } from '../../../test/sockets.js';
import { startSession } from '../../plugins/sessions/auth.tokens.js';

describe('chat over socket.io', () => {
  let ctx: TestContext;
  let url: string;
  const open = listenForSockets((live) => ({ ctx, url } = live));

  const client = (token: string): ClientSocket => {
    const socket = openSocket(url, token);
    open.push(socket);
    return socket;
  };

  const connect = (user: { token: string }): Promise<Tab> => connectTab(url, user.token, open);

  /** The error a refused connection reports; fails at once if it connects instead. */
  const connectError = (socket: ClientSocket) =>
    new Promise<Error>((resolve, reject) => {
      socket.once('connect_error', resolve);
      socket.once('connect', () => reject(new Error('the connection was accepted')));
    });

  const emitSend = (tab: Tab, payload: unknown) =>
    new Promise<SendMessageAck>((resolve) => {
      (tab.socket.emit as (event: string, ...args: unknown[]) => void)('send_message', payload, resolve);
    });

  /** Waits until every tab holds `count` messages, then a little longer to catch duplicates. */
  const settle = async (tabs: Tab[], count: number) => {
    const deadline = Date.now() + 5000;
    while (tabs.some((t) => t.received.length < count) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 150));
  };

  const rowsFrom = (senderId: number) =>
    ctx.db.selectFrom('messages').selectAll().where('sender_id', '=', senderId).execute();

  it('delivers one send exactly once to every open tab of the receiver and of the sender', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const bobTab1 = await connect(bob);
    const bobTab2 = await connect(bob);
    const aliceTab1 = await connect(alice);
    const aliceTab2 = await connect(alice);

    const ack = await emitSend(aliceTab1, { receiver_id: bob.id, content: '  Want some rhubarb?  ' });
    expect(ack).toMatchObject({
      ok: true,
      message: { sender_id: alice.id, receiver_id: bob.id, content: 'Want some rhubarb?' },
    });
    if (!ack.ok) throw new Error('send failed');

    const tabs = [bobTab1, bobTab2, aliceTab1, aliceTab2];
    await settle(tabs, 1);
    for (const tab of tabs) expect(tab.received).toEqual([ack.message]);
  });

  it('does not deliver to a third member', async () => {
    const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const aliceTab = await connect(alice);
    const bobTab = await connect(bob);
    const carolTab = await connect(carol);
    await emitSend(aliceTab, { receiver_id: bob.id, content: 'Private' });
    await settle([aliceTab, bobTab], 1);
    expect(bobTab.received).toHaveLength(1);
    expect(carolTab.received).toEqual([]);
  });

  it('stores and delivers a retried client_id once, acknowledging the same message', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const bobTab = await connect(bob);
    const aliceTab = await connect(alice);
    const payload = { receiver_id: bob.id, content: 'Swap seeds?', client_id: 'tab-1-msg-1' };
    const first = await emitSend(aliceTab, payload);
    const retry = await emitSend(aliceTab, payload);
    expect(first.ok).toBe(true);
    expect(retry).toEqual(first);

    await settle([bobTab, aliceTab], 1);
    expect(bobTab.received).toHaveLength(1);
    expect(aliceTab.received).toHaveLength(1);
    expect(await rowsFrom(alice.id)).toHaveLength(1);
  });

  it('pushes a message sent over POST /api/messages the same way', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const bobTabs = [await connect(bob), await connect(bob)];
    const aliceTab = await connect(alice);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver_id: bob.id, content: 'Via HTTP', client_id: 'http-1' },
      as: alice,
    });
    expect(res.statusCode).toBe(201);
    const retry = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver_id: bob.id, content: 'Via HTTP', client_id: 'http-1' },
      as: alice,
    });
    expect(retry.json()).toEqual(res.json());

    await settle([...bobTabs, aliceTab], 1);
    for (const tab of [...bobTabs, aliceTab]) expect(tab.received).toEqual([res.json()]);
  });

  it.each([
    [
      'blank content',
      (bob: TestUser) => ({ receiver_id: bob.id, content: '   ' }),
      TEXTS.messageEmpty,
      'VALIDATION_FAILED',
    ],
    [
      'content over 2000 characters',
      (bob: TestUser) => ({ receiver_id: bob.id, content: 'x'.repeat(2001) }),
      TEXTS.messageTooLong,
      'VALIDATION_FAILED',
    ],
    ['no receiver', () => ({ content: 'Hello' }), TEXTS.receiverRequired, 'VALIDATION_FAILED'],
    ['an unknown receiver', () => ({ receiver_id: 987654, content: 'Hello' }), TEXTS.receiverNotFound, 'NOT_FOUND'],
    ['a string payload', () => 'junk', undefined, 'VALIDATION_FAILED'],
    ['a null payload', () => null, undefined, 'VALIDATION_FAILED'],
  ])('acknowledges %s with the error body and pushes nothing', async (_name, payload, detail, code) => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const aliceTab = await connect(alice);
    const bobTab = await connect(bob);
    const ack = await emitSend(aliceTab, payload(bob));
    expect(ack).toMatchObject({ ok: false, code });
    if (detail) expect(ack).toMatchObject({ detail });
    expect(ack.ok === false && typeof ack.detail).toBe('string');
    await new Promise((r) => setTimeout(r, 100));
    expect(bobTab.received).toEqual([]);
    expect(aliceTab.received).toEqual([]);
    expect(await rowsFrom(alice.id)).toHaveLength(0);
  });

  it('acknowledges a message to oneself with the error body', async () => {
    const alice = await createUser(ctx);
    const tab = await connect(alice);
    const ack = await emitSend(tab, { receiver_id: alice.id, content: 'Me' });
    expect(ack).toEqual({ ok: false, detail: TEXTS.messageSelf, code: 'VALIDATION_FAILED' });
  });

  it('survives sends without an acknowledgement or with only one, and keeps serving the socket', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const aliceTab = await connect(alice);
    const bobTab = await connect(bob);
    const emit = aliceTab.socket.emit as (event: string, ...args: unknown[]) => void;
    emit.call(aliceTab.socket, 'send_message');
    emit.call(aliceTab.socket, 'send_message', { nonsense: true });
    emit.call(aliceTab.socket, 'send_message', { receiver_id: bob.id, content: 'no ack wanted' });
    const onlyAck = await new Promise<SendMessageAck>((resolve) => emit.call(aliceTab.socket, 'send_message', resolve));
    expect(onlyAck).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });

    const ack = await emitSend(aliceTab, { receiver_id: bob.id, content: 'still here' });
    expect(ack.ok).toBe(true);
    expect(aliceTab.socket.connected).toBe(true);
    await settle([bobTab], 2);
    expect(bobTab.received.map((m) => m.content)).toEqual(['no ack wanted', 'still here']);
  });

  it('pushes a tab’s messages in the order it sent them, however fast it sends', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const aliceTab = await connect(alice);
    const bobTab = await connect(bob);
    const contents = Array.from({ length: 12 }, (_, i) => `message ${i + 1}`);
    const acks = await Promise.all(contents.map((content) => emitSend(aliceTab, { receiver_id: bob.id, content })));
    expect(acks.every((a) => a.ok)).toBe(true);
    const ids = acks.map((a) => (a.ok ? a.message.id : 0));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await settle([bobTab], contents.length);
    expect(bobTab.received.map((m) => m.content)).toEqual(contents);
  });

  it('refuses a connection with a bad or missing token as unauthorized', async () => {
    for (const token of ['not-a-token', '']) {
      const socket = client(token);
      const error = await connectError(socket);
      expect(error.message).toBe('unauthorized');
      expect(socket.connected).toBe(false);
    }
  });

  it('refuses a token that was logged out', async () => {
    const alice = await createUser(ctx);
    const logout = await ctx.inject({ method: 'POST', url: '/api/auth/logout', as: alice });
    expect(logout.statusCode).toBe(204);
    const socket = client(alice.token);
    const error = await connectError(socket);
    expect(error.message).toBe('unauthorized');
  });

  it('drops the sockets of a token on logout, and keeps the member’s other sessions', async () => {
    const alice = await createUser(ctx);
    const otherSession = await startSession(ctx.db, ctx.config.jwtSecret, alice);
    const loggingOut = await connect(alice);
    const staying = await connect(otherSession);
    const reason = new Promise<string>((resolve, reject) => {
      loggingOut.socket.once('disconnect', resolve);
      setTimeout(() => reject(new Error('the socket stayed open after logout')), 5000);
    });

    const res = await ctx.inject({ method: 'POST', url: '/api/auth/logout', as: alice });
    expect(res.statusCode).toBe(204);
    expect(await reason).toBe('io server disconnect');
    expect(loggingOut.socket.connected).toBe(false);
    expect(staying.socket.connected).toBe(true);
  });
});
