import { MESSAGE_MAX, TEXTS } from '@gardenswap/shared';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { blockMember } from '../blocks/blocks.queries.js';
import { insertMessage } from './messages.queries.js';
import { sendMessage } from './commands/send-message.js';

describe('/api/messages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const send = (from: TestUser, payload: unknown) =>
    ctx.inject({ method: 'POST', url: '/api/messages', payload: payload as object, as: from });
  const conversation = (as: TestUser, otherId: number, query = '') =>
    ctx.inject({ method: 'GET', url: `/api/messages/${otherId}${query}`, as });
  const threads = (as: TestUser) => ctx.inject({ method: 'GET', url: '/api/messages', as });
  const rowsBetween = (a: number, b: number) =>
    ctx.db
      .selectFrom('messages')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('sender_id', '=', a), eb('receiver_id', '=', b)]),
          eb.and([eb('sender_id', '=', b), eb('receiver_id', '=', a)]),
        ]),
      )
      .execute();

  describe('POST /api/messages', () => {
    it('stores a trimmed message and answers 201 with it', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const res = await send(alice, { receiver_id: bob.id, content: '  Fresh basil for your tomatoes?  ' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        sender_id: alice.id,
        receiver_id: bob.id,
        content: 'Fresh basil for your tomatoes?',
        read_at: null,
        client_id: null,
      });
      expect(typeof body.id).toBe('number');
      expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
      const rows = await rowsBetween(alice.id, bob.id);
      expect(rows.map((r) => r.content)).toEqual(['Fresh basil for your tomatoes?']);
    });

    it('accepts a receiver id sent as a string, as a form would', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const res = await send(alice, { receiver_id: String(bob.id), content: 'Hi' });
      expect(res.statusCode).toBe(201);
      expect(res.json().receiver_id).toBe(bob.id);
    });

    it.each([
      ['empty', ''],
      ['whitespace-only', ' \n\t  '],
      ['missing', undefined],
    ])('answers 422 "Message cannot be empty" for %s content and stores nothing', async (_name, content) => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const res = await send(alice, { receiver_id: bob.id, content });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: TEXTS.messageEmpty,
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'content', message: TEXTS.messageEmpty }],
      });
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(0);
    });

    it('accepts exactly 2000 characters and refuses 2001 with 422', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const longest = await send(alice, { receiver_id: bob.id, content: 'a'.repeat(MESSAGE_MAX) });
      expect(longest.statusCode).toBe(201);
      const tooLong = await send(alice, { receiver_id: bob.id, content: 'a'.repeat(MESSAGE_MAX + 1) });
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json()).toMatchObject({ detail: TEXTS.messageTooLong, code: 'VALIDATION_FAILED' });
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(1);
    });

    it('counts the length after trimming', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const res = await send(alice, { receiver_id: bob.id, content: `  ${'b'.repeat(MESSAGE_MAX)}  ` });
      expect(res.statusCode).toBe(201);
      expect(res.json().content).toHaveLength(MESSAGE_MAX);
    });

    it('answers 422 "Receiver is required" without a receiver', async () => {
      const alice = await createUser(ctx);
      for (const payload of [
        { content: 'Hello' },
        { receiver_id: 'abc', content: 'Hello' },
        { receiver_id: 0, content: 'Hello' },
      ]) {
        const res = await send(alice, payload);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ detail: TEXTS.receiverRequired, code: 'VALIDATION_FAILED' });
      }
    });

    it('answers 422 when a member writes to themselves', async () => {
      const alice = await createUser(ctx);
      const res = await send(alice, { receiver_id: alice.id, content: 'Note to self' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: TEXTS.messageSelf,
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'receiver_id', message: TEXTS.messageSelf }],
      });
      expect(await rowsBetween(alice.id, alice.id)).toHaveLength(0);
    });

    it('answers 404 "Receiver not found" for an unknown receiver', async () => {
      const alice = await createUser(ctx);
      const res = await send(alice, { receiver_id: 987654, content: 'Anyone there?' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: TEXTS.receiverNotFound, code: 'NOT_FOUND' });
    });

    it('stores a retried client_id once and answers the stored message again', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const first = await send(alice, { receiver_id: bob.id, content: 'Seeds?', client_id: 'c-1' });
      const retry = await send(alice, { receiver_id: bob.id, content: 'Seeds?', client_id: 'c-1' });
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(first.json().client_id).toBe('c-1');
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(1);
    });

    it('stores one message when retries of one client_id race each other', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const pushed: number[] = [];
      const toUsers = ctx.app.realtime.toUsers;
      ctx.app.realtime.toUsers = (userIds, ...rest) => {
        pushed.push(...userIds);
        toUsers(userIds, ...rest);
      };
      try {
        // Straight to the domain function, so every look-up runs before any insert and the
        // unique index has to settle it.
        const sent = await Promise.all(
          Array.from({ length: 5 }, () =>
            sendMessage(ctx.app, alice.id, { receiver_id: bob.id, content: 'Race', client_id: 'race-1' }),
          ),
        );
        expect(new Set(sent.map((m) => m.id)).size).toBe(1);
      } finally {
        ctx.app.realtime.toUsers = toUsers;
      }
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(1);
      expect(pushed.sort()).toEqual([alice.id, bob.id].sort());
    });

    it('answers the same message to concurrent HTTP retries', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => send(alice, { receiver_id: bob.id, content: 'Race', client_id: 'race-2' })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(1);
    });

    it('keeps client ids apart per sender, and messages without one never collide', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      await send(alice, { receiver_id: bob.id, content: 'From Alice', client_id: 'same' });
      await send(bob, { receiver_id: alice.id, content: 'From Bob', client_id: 'same' });
      await send(alice, { receiver_id: bob.id, content: 'One' });
      await send(alice, { receiver_id: bob.id, content: 'One' });
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(4);
    });

    it('answers 401 without a session', async () => {
      const res = await ctx.inject({ method: 'POST', url: '/api/messages', payload: { receiver_id: 1, content: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe('insertMessage', () => {
    it('stores nothing and answers undefined for a client_id the sender already used', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const values = { sender_id: alice.id, receiver_id: bob.id, content: 'once', client_id: 'dup' };
      const first = await insertMessage(ctx.db, values);
      expect(first).toMatchObject(values);
      expect(await insertMessage(ctx.db, { ...values, content: 'twice' })).toBeUndefined();
      expect((await rowsBetween(alice.id, bob.id)).map((r) => r.content)).toEqual(['once']);
    });
    it('stores nothing for a receiver who blocked the sender, or whom the sender blocked', async () => {
      const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
      await blockMember(ctx.db, bob.id, alice.id);
      await blockMember(ctx.db, alice.id, carol.id);
      const values = { sender_id: alice.id, content: 'hello', client_id: null };
      expect(await insertMessage(ctx.db, { ...values, receiver_id: bob.id })).toBeUndefined();
      expect(await insertMessage(ctx.db, { ...values, receiver_id: carol.id })).toBeUndefined();
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(0);
      expect(await rowsBetween(alice.id, carol.id)).toHaveLength(0);
    });

    it('stores nothing for a receiver who does not exist or whose account was deleted', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      await ctx.db
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', bob.id)
        .execute();
      const values = { sender_id: alice.id, content: 'hello', client_id: null };
      expect(await insertMessage(ctx.db, { ...values, receiver_id: bob.id })).toBeUndefined();
      expect(await insertMessage(ctx.db, { ...values, receiver_id: 987654 })).toBeUndefined();
      expect(await rowsBetween(alice.id, bob.id)).toHaveLength(0);
    });

    it('stores the listing a card carries, and none otherwise', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const plain = await insertMessage(ctx.db, {
        sender_id: alice.id,
        receiver_id: bob.id,
        content: 'hi',
        client_id: null,
      });
      expect(plain).toMatchObject({ listing_id: null, client_id: null, read_at: null });
      const listing = await createListing(ctx, bob);
      const card = await insertMessage(ctx.db, {
        sender_id: alice.id,
        receiver_id: bob.id,
        content: 'I would like this',
        client_id: 'card-1',
        listing_id: listing.id,
      });
      expect(card).toMatchObject({ listing_id: listing.id, client_id: 'card-1' });
    });

    it('stores messages sent while another is stored in one statement, each answered as if sent alone', async () => {
      const [alice, bob, carol, dave, erin] = [
        await createUser(ctx),
        await createUser(ctx),
        await createUser(ctx),
        await createUser(ctx),
        await createUser(ctx),
      ];
      await blockMember(ctx.db, dave.id, alice.id);
      await ctx.db
        .updateTable('users')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', erin.id)
        .execute();
      const listing = await createListing(ctx, bob);
      await insertMessage(ctx.db, { sender_id: carol.id, receiver_id: bob.id, content: 'earlier', client_id: 'c-1' });
      // The table each statement run wrote to: storing a message runs its insert and nothing else.
      const writes: string[][] = [];
      const inserts: KyselyPlugin = {
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => (writes.push(['messages']), result),
      };
      const db = ctx.db.withPlugin(inserts);
      const sent = [
        { sender_id: alice.id, receiver_id: bob.id, content: 'first, alone', client_id: null },
        { sender_id: alice.id, receiver_id: dave.id, content: 'blocked', client_id: null },
        { sender_id: bob.id, receiver_id: alice.id, content: 'a card', client_id: 'card', listing_id: listing.id },
        { sender_id: carol.id, receiver_id: bob.id, content: 'a retry', client_id: 'c-1' },
        { sender_id: alice.id, receiver_id: erin.id, content: 'to the deleted', client_id: null },
        { sender_id: carol.id, receiver_id: alice.id, content: 'same words', client_id: null },
        { sender_id: carol.id, receiver_id: alice.id, content: 'same words', client_id: null },
      ];
      const answers = await Promise.all(sent.map((m) => insertMessage(db, m)));
      // The first went alone; the six sent while it was stored went in one statement.
      expect(writes).toEqual([['messages'], ['messages']]);
      expect(answers.map((a) => a?.content)).toEqual([
        'first, alone',
        undefined,
        'a card',
        undefined,
        undefined,
        'same words',
        'same words',
      ]);
      expect(answers[2]).toMatchObject({ sender_id: bob.id, receiver_id: alice.id, listing_id: listing.id });
      const stored = answers.filter((a) => a !== undefined);
      // Ids follow the order they were sent in, and each answer is the row stored for it.
      expect(stored.map((a) => a.id)).toEqual(stored.map((a) => a.id).sort((x, y) => x - y));
      expect(new Set(stored.map((a) => a.id)).size).toBe(4);
      const rows = await ctx.db
        .selectFrom('messages')
        .select(['id', 'content'])
        .where(
          'id',
          'in',
          stored.map((a) => a.id),
        )
        .orderBy('id')
        .execute();
      expect(rows).toEqual(stored.map((a) => ({ id: a.id, content: a.content })));
      expect(await rowsBetween(alice.id, dave.id)).toHaveLength(0);
      expect((await rowsBetween(carol.id, bob.id)).map((r) => r.content)).toEqual(['earlier']);
    });

    it('fails only the message that cannot be stored when sent with others', async () => {
      const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
      const answers = await Promise.allSettled(
        [
          { sender_id: alice.id, receiver_id: bob.id, content: 'first, alone', client_id: null },
          { sender_id: alice.id, receiver_id: bob.id, content: 'fine', client_id: null },
          {
            sender_id: carol.id,
            receiver_id: bob.id,
            content: 'a card of no listing',
            client_id: null,
            listing_id: 987654,
          },
          { sender_id: carol.id, receiver_id: alice.id, content: 'also fine', client_id: null },
        ].map((m) => insertMessage(ctx.db, m)),
      );
      expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect((await rowsBetween(alice.id, bob.id)).map((r) => r.content)).toEqual(['first, alone', 'fine']);
      expect((await rowsBetween(carol.id, alice.id)).map((r) => r.content)).toEqual(['also fine']);
    });
  });

  describe('GET /api/messages/{userId}', () => {
    it('answers the conversation of both directions ascending by id, and nobody else’s', async () => {
      const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
      await send(alice, { receiver_id: bob.id, content: 'one' });
      await send(bob, { receiver_id: alice.id, content: 'two' });
      await send(carol, { receiver_id: alice.id, content: 'not in this thread' });
      await send(alice, { receiver_id: bob.id, content: 'three' });
      const res = await conversation(alice, bob.id);
      expect(res.statusCode).toBe(200);
      const messages = res.json() as { id: number; content: string; sender_id: number }[];
      expect(messages.map((m) => m.content)).toEqual(['one', 'two', 'three']);
      expect(messages.map((m) => m.sender_id)).toEqual([alice.id, bob.id, alice.id]);
      expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((a, b) => a - b));
    });

    it('marks what the other member sent me as read, and not what I sent', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      await send(bob, { receiver_id: alice.id, content: 'Got zucchini' });
      await send(alice, { receiver_id: bob.id, content: 'Yes please' });
      const byBob = await conversation(bob, alice.id);
      // Bob reading marks Alice's message read; his own stays unread for Alice.
      expect(byBob.json().map((m: { read_at: string | null }) => m.read_at === null)).toEqual([true, false]);
      const byAlice = await conversation(alice, bob.id);
      const [fromBob, fromAlice] = byAlice.json();
      expect(fromBob.read_at).toEqual(expect.any(String));
      expect(new Date(fromBob.read_at).getTime()).not.toBeNaN();
      expect(fromAlice.read_at).toEqual(expect.any(String));
      const rows = await rowsBetween(alice.id, bob.id);
      expect(rows.every((r) => r.read_at !== null)).toBe(true);
    });

    it('pages back with before and limit, each page ascending', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      for (let i = 1; i <= 7; i += 1)
        await send(i % 2 ? alice : bob, { receiver_id: i % 2 ? bob.id : alice.id, content: `m${i}` });
      const newest = await conversation(alice, bob.id, '?limit=3');
      expect(newest.json().map((m: { content: string }) => m.content)).toEqual(['m5', 'm6', 'm7']);
      const olderCursor = newest.json()[0].id;
      const older = await conversation(alice, bob.id, `?before=${olderCursor}&limit=3`);
      expect(older.json().map((m: { content: string }) => m.content)).toEqual(['m2', 'm3', 'm4']);
      const oldest = await conversation(alice, bob.id, `?before=${older.json()[0].id}&limit=3`);
      expect(oldest.json().map((m: { content: string }) => m.content)).toEqual(['m1']);
      const none = await conversation(alice, bob.id, `?before=${oldest.json()[0].id}`);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
      const all = await conversation(alice, bob.id);
      expect(all.json()).toHaveLength(7);
    });

    it('answers at most 100 messages by default', async () => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      await ctx.db
        .insertInto('messages')
        .values(Array.from({ length: 105 }, (_, i) => ({ sender_id: alice.id, receiver_id: bob.id, content: `n${i}` })))
        .execute();
      const res = await conversation(bob, alice.id);
      const contents = res.json().map((m: { content: string }) => m.content);
      expect(contents).toHaveLength(100);
      expect(contents[0]).toBe('n5');
      expect(contents[99]).toBe('n104');
    });

    it.each([['?limit=0'], ['?limit=101'], ['?before=abc']])('answers 422 for a bad page %s', async (query) => {
      const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
      const res = await conversation(alice, bob.id, query);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('answers 404 "User not found" for an unknown member', async () => {
      const alice = await createUser(ctx);
      const res = await conversation(alice, 987654);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
    });

    it('answers 401 without a session', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/api/messages/1' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/messages', () => {
    it('lists one thread per member, newest first, with the last message and the unread count', async () => {
      const [alice, bob, carol, dave] = [
        await createUser(ctx),
        await createUser(ctx),
        await createUser(ctx),
        await createUser(ctx),
      ];
      await send(bob, { receiver_id: alice.id, content: 'bob 1' });
      await send(carol, { receiver_id: alice.id, content: 'carol 1' });
      await send(bob, { receiver_id: alice.id, content: 'bob 2' });
      await send(alice, { receiver_id: dave.id, content: 'to dave' });
      const last = (await send(bob, { receiver_id: alice.id, content: 'bob 3' })).json();

      const res = await threads(alice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          user_id: bob.id,
          username: bob.username,
          profile_picture: null,
          last_message: { id: last.id, content: 'bob 3', created_at: last.created_at, sender_id: bob.id },
          unread_count: 3,
        },
        expect.objectContaining({
          user_id: dave.id,
          unread_count: 0,
          last_message: expect.objectContaining({ content: 'to dave', sender_id: alice.id }),
        }),
        expect.objectContaining({
          user_id: carol.id,
          unread_count: 1,
          last_message: expect.objectContaining({ content: 'carol 1' }),
        }),
      ]);
    });

    it('moves a thread to the top when a reply arrives and counts only unread incoming messages', async () => {
      const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
      await send(bob, { receiver_id: alice.id, content: 'b' });
      await send(carol, { receiver_id: alice.id, content: 'c' });
      expect((await threads(alice)).json().map((t: { user_id: number }) => t.user_id)).toEqual([carol.id, bob.id]);

      await conversation(alice, bob.id);
      await send(alice, { receiver_id: bob.id, content: 'my reply' });
      const after = (await threads(alice)).json();
      expect(after.map((t: { user_id: number }) => t.user_id)).toEqual([bob.id, carol.id]);
      expect(after.map((t: { unread_count: number }) => t.unread_count)).toEqual([0, 1]);
      // Bob has not opened the conversation: Alice's reply is unread for him.
      const bobs = (await threads(bob)).json();
      expect(bobs).toEqual([expect.objectContaining({ user_id: alice.id, unread_count: 1 })]);
    });

    it('answers an empty list for a member without conversations', async () => {
      const alice = await createUser(ctx);
      const res = await threads(alice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('answers 401 without a session', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/api/messages/' });
      expect(res.statusCode).toBe(401);
    });
  });
});
