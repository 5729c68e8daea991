import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type SendMessageAck, TEXTS } from '@gardenswap/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { buildTestApp, createPgSchema, dialect, type TestContext, testConfig } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { type ClientSocket, type Tab, connectTab } from '../../../test/sockets.js';

type RateLimits = Partial<Config['rateLimits']>;

/** A listening app with rate limits on, and the socket helpers its tests share. */
function liveApp(rateLimits: RateLimits = {}) {
  const live = { ctx: undefined as unknown as TestContext, url: '' };
  const open: ClientSocket[] = [];
  beforeAll(async () => {
    live.ctx = await buildTestApp({ rateLimits: { enabled: true, ...rateLimits } });
    await live.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    live.url = `http://127.0.0.1:${(live.ctx.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => live.ctx.close());
  return {
    live,
    member: () => createUser(live.ctx),
    connect: (user: { token: string }) => connectTab(live.url, user.token, open),
    post: (from: TestUser, payload: object) =>
      live.ctx.inject({ method: 'POST', url: '/api/messages', payload, as: from }),
    storedFrom: async (senderId: number) =>
      (await live.ctx.db.selectFrom('messages').select('content').where('sender_id', '=', senderId).execute()).map(
        (r) => r.content,
      ),
  };
}

const emitSend = (tab: Tab, payload: object) =>
  new Promise<SendMessageAck>((resolve) => tab.socket.emit('send_message', payload as never, resolve));

/** Waits until the tab holds `count` messages, then a little longer so an extra one would show. */
const settle = async (tab: Tab, count: number) => {
  const deadline = Date.now() + 5000;
  while (tab.received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 150));
};

const refused = (ack: SendMessageAck) => (ack.ok ? undefined : ack);

describe('the message budget, with rate limits on', () => {
  const chat = liveApp();
  const burst = () => chat.live.ctx.config.rateLimits.messageBurst;

  it('refuses a burst past the budget over the socket with RATE_LIMITED, storing and pushing only the budget', async () => {
    const [alice, bob] = [await chat.member(), await chat.member()];
    const bobTab = await chat.connect(bob);
    const aliceTab = await chat.connect(alice);
    const { max } = burst();

    const acks = await Promise.all(
      Array.from({ length: max + 5 }, (_, i) => emitSend(aliceTab, { receiver_id: bob.id, content: `Spam ${i}` })),
    );

    expect(acks.filter((a) => a.ok)).toHaveLength(max);
    const refusals = acks.map(refused).filter((a) => a !== undefined);
    expect(refusals).toHaveLength(5);
    for (const ack of refusals) {
      expect(ack).toEqual({
        ok: false,
        detail: TEXTS.messagesTooFast,
        code: 'RATE_LIMITED',
        retry_after: expect.any(Number),
      });
      expect(ack.retry_after).toBeGreaterThanOrEqual(1);
      expect(ack.retry_after).toBeLessThanOrEqual(burst().windowMs / 1000);
    }
    expect(await chat.storedFrom(alice.id)).toHaveLength(max);
    await settle(bobTab, max);
    expect(bobTab.received).toHaveLength(max);
  });

  it('answers 429 over HTTP with Retry-After and the one error body, storing nothing', async () => {
    const [alice, bob] = [await chat.member(), await chat.member()];
    for (let i = 0; i < burst().max; i += 1)
      expect((await chat.post(alice, { receiver_id: bob.id, content: `Hi ${i}` })).statusCode).toBe(201);

    const res = await chat.post(alice, { receiver_id: bob.id, content: 'One too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: TEXTS.messagesTooFast, code: 'RATE_LIMITED' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(burst().windowMs / 1000);
    expect(await chat.storedFrom(alice.id)).not.toContain('One too many');
  });

  it('counts HTTP and socket sends against one budget', async () => {
    const [alice, bob] = [await chat.member(), await chat.member()];
    const aliceTab = await chat.connect(alice);
    const { max } = burst();
    const half = Math.floor(max / 2);
    for (let i = 0; i < half; i += 1)
      expect((await chat.post(alice, { receiver_id: bob.id, content: `Post ${i}` })).statusCode).toBe(201);
    for (let i = half; i < max; i += 1)
      expect((await emitSend(aliceTab, { receiver_id: bob.id, content: `Emit ${i}` })).ok).toBe(true);

    expect(refused(await emitSend(aliceTab, { receiver_id: bob.id, content: 'Emit over' }))?.code).toBe('RATE_LIMITED');
    expect((await chat.post(alice, { receiver_id: bob.id, content: 'Post over' })).statusCode).toBe(429);
    expect(await chat.storedFrom(alice.id)).toHaveLength(max);
  });

  it('holds only the sender to their budget: others still send, to them too', async () => {
    const [alice, bob, carol] = [await chat.member(), await chat.member(), await chat.member()];
    for (let i = 0; i <= burst().max; i += 1) await chat.post(alice, { receiver_id: bob.id, content: `Flood ${i}` });
    expect((await chat.post(alice, { receiver_id: carol.id, content: 'Still me' })).statusCode).toBe(429);

    const carolTab = await chat.connect(carol);
    expect((await emitSend(carolTab, { receiver_id: bob.id, content: 'Hello Bob' })).ok).toBe(true);
    expect((await chat.post(bob, { receiver_id: alice.id, content: 'Please stop' })).statusCode).toBe(201);
  });

  it('does not count a retried client_id that is already stored, and answers the stored message', async () => {
    const [alice, bob] = [await chat.member(), await chat.member()];
    const bobTab = await chat.connect(bob);
    const aliceTab = await chat.connect(alice);
    const { max } = burst();
    const payloads = Array.from({ length: max }, (_, i) => ({
      receiver_id: bob.id,
      content: `Seeds ${i}`,
      client_id: `tab-${i}`,
    }));
    const firsts = [];
    for (const payload of payloads) firsts.push(await emitSend(aliceTab, payload));
    expect(firsts.every((a) => a.ok)).toBe(true);

    // The budget is spent; retries through either way still answer what was stored.
    for (const [i, payload] of payloads.entries()) {
      const first = firsts[i]!;
      if (!first.ok) throw new Error('send failed');
      if (i % 2) expect(await emitSend(aliceTab, payload)).toEqual(first);
      else {
        const res = await chat.post(alice, payload);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual(first.message);
      }
    }
    expect(refused(await emitSend(aliceTab, { receiver_id: bob.id, content: 'New', client_id: 'tab-new' }))?.code).toBe(
      'RATE_LIMITED',
    );
    expect(await chat.storedFrom(alice.id)).toHaveLength(max);
    await settle(bobTab, max);
    expect(bobTab.received).toHaveLength(max);
  });
});

describe('the message budget over time', () => {
  const BURST_MS = 400;
  const STEADY_MS = 60_000;
  const chat = liveApp({
    messageBurst: { max: 3, windowMs: BURST_MS },
    messageSteady: { max: 5, windowMs: STEADY_MS },
  });

  it('lets a sender go on once the burst window passes, up to the steady budget, which a refused burst does not spend', async () => {
    const [alice, bob] = [await chat.member(), await chat.member()];
    const aliceTab = await chat.connect(alice);
    const send = (content: string) => emitSend(aliceTab, { receiver_id: bob.id, content });

    for (const content of ['a', 'b', 'c']) expect((await send(content)).ok).toBe(true);
    const burstRefusal = refused(await send('d'));
    expect(burstRefusal).toMatchObject({ code: 'RATE_LIMITED', retry_after: 1 });

    await new Promise((r) => setTimeout(r, BURST_MS + 100));
    for (const content of ['e', 'f']) expect((await send(content)).ok).toBe(true);
    const steadyRefusal = refused(await send('g'));
    expect(steadyRefusal?.code).toBe('RATE_LIMITED');
    // The steady window says to wait for it, not for the burst window.
    expect(steadyRefusal?.retry_after).toBeGreaterThan(STEADY_MS / 1000 - 10);
    expect((await chat.storedFrom(alice.id)).sort()).toEqual(['a', 'b', 'c', 'e', 'f']);
  });
});

describe('the message budget with rate limits off (RATE_LIMITS=off)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('stores every send however fast', async () => {
    expect(ctx.config.rateLimits.enabled).toBe(false);
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const count = ctx.config.rateLimits.messageBurst.max * 2;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        ctx.inject({
          method: 'POST',
          url: '/api/messages',
          payload: { receiver_id: bob.id, content: `${i}` },
          as: alice,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(count).fill(201));
  });
});

// Two instances behind a load balancer count in one Redis.
const scaledOut = dialect === 'postgres' && process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL;
(scaledOut ? describe : describe.skip)('the message budget across two instances on one Redis', () => {
  let schema: Awaited<ReturnType<typeof createPgSchema>>;
  const instances: { app: App; url: string; cleanup(): Promise<void> }[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    schema = await createPgSchema();
    const jwtSecret = randomBytes(32).toString('base64url');
    for (let i = 0; i < 2; i += 1) {
      const { config, cleanup } = await testConfig({
        database: { kind: 'postgres', url: schema.url, schema: schema.schema },
        redisUrl: process.env.TEST_REDIS_URL,
        jwtSecret,
        rateLimits: { enabled: true },
      });
      const app = await buildApp(config);
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, cleanup });
    }
    // Every run counts in the same Redis by member id: start this run's ids where no other run's are.
    await sql`select setval('users_id_seq', ${randomInt(1_000_000, 2_000_000_000)})`.execute(instances[0]!.app.db);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const instance of instances) await instance.app.close();
    for (const instance of instances) await instance.cleanup();
    await schema?.drop();
  });

  it('holds a sender to one budget whichever instance each send reaches', async () => {
    const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const member = () => createUser({ db: one.app.db, config: one.app.config });
    const [alice, bob] = [await member(), await member()];
    const onOne = await connectTab(one.url, alice.token, sockets);
    const { max } = one.app.config.rateLimits.messageBurst;

    for (let i = 0; i < max; i += 1) {
      if (i % 2) expect((await emitSend(onOne, { receiver_id: bob.id, content: `${i}` })).ok).toBe(true);
      else {
        const res = await fetch(`${two.url}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
          body: JSON.stringify({ receiver_id: bob.id, content: `${i}` }),
        });
        expect(res.status).toBe(201);
      }
    }
    expect(refused(await emitSend(onOne, { receiver_id: bob.id, content: 'over' }))?.code).toBe('RATE_LIMITED');
    const overOnTwo = await fetch(`${two.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      body: JSON.stringify({ receiver_id: bob.id, content: 'over' }),
    });
    expect(overOnTwo.status).toBe(429);
  });
});
