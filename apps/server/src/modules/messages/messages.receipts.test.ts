import type { MessagesRead } from '@gardenswap/shared';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { connectTab, type Tab, listenForSockets } from '../../../test/sockets.js';
import { TYPING_INTERVAL_MS } from './messages.socket.js';

/** A tab that also records typing and read receipts. */
interface ChatTab extends Tab {
  typing: { user_id: number }[];
  reads: MessagesRead[];
}

describe('unread counts, read receipts and typing', () => {
  let ctx: TestContext;
  let url: string;
  const open = listenForSockets((live) => ({ ctx, url } = live));

  const connect = async (user: TestUser): Promise<ChatTab> => {
    const tab = await connectTab(url, user.token, open);
    const chat: ChatTab = { ...tab, typing: [], reads: [] };
    tab.socket.on('typing', (payload) => chat.typing.push(payload));
    tab.socket.on('messages_read', (payload) => chat.reads.push(payload));
    return chat;
  };
  const send = async (from: TestUser, to: TestUser, content: string) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver_id: to.id, content },
      as: from,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  };
  const unread = async (as: TestUser) =>
    (await ctx.inject({ method: 'GET', url: '/api/messages/unread-count', as })).json().count as number;
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
  };

  it('counts every unread message sent to me across conversations, and none I sent', async () => {
    const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    expect(await unread(alice)).toBe(0);
    await send(bob, alice, 'one');
    await send(bob, alice, 'two');
    await send(carol, alice, 'three');
    await send(alice, bob, 'mine');
    expect(await unread(alice)).toBe(3);
    expect(await unread(bob)).toBe(1);
    await ctx.inject({ method: 'GET', url: `/api/messages/${bob.id}`, as: alice });
    expect(await unread(alice)).toBe(1);
  });

  it('mark_read marks what they sent me and tells every tab of both members', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    await send(bob, alice, 'Tomatoes?');
    const last = await send(bob, alice, 'Or peppers?');
    await send(alice, bob, 'Mine stays unread for Bob');
    const aliceTabs = [await connect(alice), await connect(alice)];
    const bobTab = await connect(bob);

    aliceTabs[0]!.socket.emit('mark_read', { user_id: bob.id });
    const tabs = [...aliceTabs, bobTab];
    await until(() => tabs.every((t) => t.reads.length > 0));
    for (const tab of tabs) {
      expect(tab.reads).toEqual([
        { reader_id: alice.id, user_id: bob.id, up_to_id: last.id, read_at: expect.any(String) },
      ]);
    }
    expect(await unread(alice)).toBe(0);
    expect(await unread(bob)).toBe(1);

    // Nothing left to read: no event at all.
    aliceTabs[0]!.socket.emit('mark_read', { user_id: bob.id });
    await new Promise((r) => setTimeout(r, 150));
    expect(bobTab.reads).toHaveLength(1);
  });

  it('opening a conversation over HTTP sends the same receipt', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const sent = await send(bob, alice, 'Seeds for you');
    const bobTab = await connect(bob);
    const aliceTab = await connect(alice);
    await ctx.inject({ method: 'GET', url: `/api/messages/${bob.id}`, as: alice });
    await until(() => bobTab.reads.length > 0 && aliceTab.reads.length > 0);
    expect(bobTab.reads).toEqual([
      { reader_id: alice.id, user_id: bob.id, up_to_id: sent.id, read_at: expect.any(String) },
    ]);
    expect(aliceTab.reads).toEqual(bobTab.reads);
    const stored = await ctx.db
      .selectFrom('messages')
      .select('read_at')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(stored.read_at).not.toBeNull();
  });

  it('ignores junk and mark_read about an unknown member, and keeps serving the socket', async () => {
    const alice = await createUser(ctx);
    const tab = await connect(alice);
    const emit = tab.socket.emit as (event: string, ...args: unknown[]) => void;
    emit.call(tab.socket, 'mark_read');
    emit.call(tab.socket, 'mark_read', 'junk');
    emit.call(tab.socket, 'mark_read', { user_id: 987654 });
    emit.call(tab.socket, 'typing', null);
    emit.call(tab.socket, 'typing', { receiver_id: alice.id });
    await new Promise((r) => setTimeout(r, 150));
    expect(tab.socket.connected).toBe(true);
    expect(tab.reads).toEqual([]);
    expect(tab.typing).toEqual([]);
  });

  it('relays typing to every tab of the receiver only, at most once a second per socket', async () => {
    const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const aliceTab = await connect(alice);
    const bobTabs = [await connect(bob), await connect(bob)];
    const carolTab = await connect(carol);

    for (let i = 0; i < 5; i += 1) aliceTab.socket.emit('typing', { receiver_id: bob.id });
    await until(() => bobTabs.every((t) => t.typing.length > 0));
    for (const tab of bobTabs) expect(tab.typing).toEqual([{ user_id: alice.id }]);
    expect(aliceTab.typing).toEqual([]);
    expect(carolTab.typing).toEqual([]);

    await new Promise((r) => setTimeout(r, TYPING_INTERVAL_MS));
    aliceTab.socket.emit('typing', { receiver_id: bob.id });
    await until(() => bobTabs.every((t) => t.typing.length > 1));
    for (const tab of bobTabs) expect(tab.typing).toHaveLength(2);
  });

  it('relays no typing between a blocked pair', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    await ctx.inject({ method: 'POST', url: '/api/blocks', payload: { user_id: alice.id }, as: bob });
    const aliceTab = await connect(alice);
    const bobTab = await connect(bob);
    aliceTab.socket.emit('typing', { receiver_id: bob.id });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobTab.typing).toEqual([]);
  });
});
