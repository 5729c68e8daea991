import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import type { PushSwitchesInput } from '@gardenswap/shared';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type Config, MAIL_QUEUE, OFFLINE_MAIL, PUSH_QUEUE, type PushQueueSettings } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { buildTestApp, createPgSchema, dialect, type TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { type BrowserSubscription, type PushService, startPushService } from '../../../test/push-service.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { type ClientSocket, connectTab } from '../../../test/sockets.js';
import { mailerOf } from '../mail/mailer.js';
import { offlineMailOf } from '../messages/offline-mail.js';
import type { ResolveHost } from './endpoint.js';
import { claimDuePushes } from './push-queue.queries.js';

/** The queue in tens of milliseconds, so retries and timeouts play out within a test. */
const quick = (settings: Partial<PushQueueSettings> = {}): PushQueueSettings => ({
  ...PUSH_QUEUE,
  pollMs: 50,
  pollMaxMs: 200,
  retryBaseMs: 100,
  retryMaxMs: 400,
  leaseMs: 10_000,
  sendTimeoutMs: 600,
  focusCheckMs: 500,
  ...settings,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 8_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

type Ctx = Pick<TestContext, 'inject' | 'db' | 'app'>;

/** A member's browser subscribed to pushes, with the given switches on. */
async function device(ctx: Ctx, service: PushService, member: TestUser, switches: PushSwitchesInput) {
  const browser = service.subscribe();
  expect(
    (await ctx.inject({ method: 'PATCH', url: '/api/push/settings', as: member, payload: switches })).statusCode,
  ).toBe(200);
  expect(
    (await ctx.inject({ method: 'POST', url: '/api/push/subscriptions', as: member, payload: browser })).statusCode,
  ).toBe(201);
  return browser;
}

async function send(ctx: Ctx, from: TestUser, to: TestUser, content: string) {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/messages',
    as: from,
    payload: { receiver_id: to.id, content },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>();
}

const pushesTo = (ctx: Pick<TestContext, 'db'>, browser: BrowserSubscription) =>
  ctx.db
    .selectFrom('push_queue as q')
    .innerJoin('push_subscriptions as s', 's.id', 'q.subscription_id')
    .select(['q.id', 'q.status', 'q.attempts', 'q.error', 'q.sent_at', 'q.locked_by'])
    .where('s.endpoint', '=', browser.endpoint)
    .orderBy('q.id')
    .execute();

/** One database two apps (or two starts of one) can share: a PostgreSQL schema or an SQLite file. */
async function sharedDatabase(): Promise<{ database: Config['database']; drop(): Promise<void> }> {
  if (dialect === 'postgres') {
    const created = await createPgSchema();
    return { database: { kind: 'postgres', url: created.url, schema: created.schema }, drop: created.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'gardenswap-push-'));
  return {
    database: { kind: 'sqlite', file: path.join(dir, 'shared.sqlite') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** What two instances share besides the database: the secret their tokens are signed with, and the VAPID keys. */
const sharedSecrets = () => ({
  jwtSecret: randomBytes(32).toString('base64url'),
  push: {
    vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:hello@gardenswap.example' },
    allowLoopbackHttp: true,
    subscriptionsPerMember: 20,
  },
});

describe('the push queue', () => {
  let ctx: TestContext;
  let service: PushService;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp({ pushQueue: quick() });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    service = await startPushService({ vapidPublicKey: ctx.config.push.vapid.publicKey });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });

  it("pushes a message to the receiver's browser, encrypted to its keys, with the sender's name and nothing more", async () => {
    const [maria, alex] = [await createUser(ctx), await createUser(ctx)];
    await ctx.db.updateTable('users').set({ first_name: 'Maria' }).where('id', '=', maria.id).execute();
    const browser = await device(ctx, service, alex, { messages: true });
    await send(ctx, maria, alex, 'Are the beans still there?');
    await ctx.app.push.idle();

    const [push, ...more] = service.accepted(browser.endpoint);
    expect(more).toEqual([]);
    expect(push!.payload).toEqual({
      kind: 'messages',
      title: 'Maria',
      body: 'Are the beans still there?',
      url: `/messages/${maria.id}`,
      tag: `chat:${maria.id}`,
    });
    expect(push!.text).not.toContain(maria.email);
    expect(push!.text).not.toContain('@');
    expect(push).toMatchObject({ urgency: 'high', topic: `chat-${maria.id}`, ttl: String(PUSH_QUEUE.ttlSeconds) });
    expect(push!.vapid).toMatchObject({ aud: service.origin, sub: `mailto:${ctx.config.contactEmail}` });
    expect(service.refused).toEqual([]);
    expect(await pushesTo(ctx, browser)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 1, error: null, locked_by: null }),
    ]);
    // Nothing for the sender, who has no switch on.
    expect(await ctx.db.selectFrom('push_queue').select('id').where('user_id', '=', maria.id).execute()).toEqual([]);
  });

  it('cuts a long message short and names a member without a first name by their username', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    await ctx.db.updateTable('users').set({ first_name: '' }).where('id', '=', sender.id).execute();
    const browser = await device(ctx, service, receiver, { messages: true });
    await send(ctx, sender, receiver, `${'Tomatoes, '.repeat(40)}and basil`);
    await ctx.app.push.idle();
    const [push] = service.accepted(browser.endpoint);
    expect(push!.payload.title).toBe(sender.username);
    expect([...(push!.payload.body as string)]).toHaveLength(140);
    expect(push!.payload.body).toMatch(/^Tomatoes, Tomatoes,.*…$/);
  });

  it("pushes a wish-list match with the listing's title, and neither its photo nor anyone's e-mail", async () => {
    const [owner, gardener] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, gardener, { matches: true });
    await ctx.db
      .insertInto('want_listings')
      .values({ user_id: gardener.id, title: 'tomatoes', category_id: 1 })
      .execute();
    const photo = 'uploads/listings/3f9a0c1d2e4b5a6978c0d1e2f3a4b5c6.webp';
    const listing = await createListing(ctx, owner, { title: 'Green beans', featured_image: photo, thumbnail: photo });
    // Renamed through the API, so the notifier hears of it and finds the match.
    const renamed = await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      as: owner,
      payload: { title: 'Heirloom tomatoes' },
    });
    expect(renamed.statusCode).toBe(200);
    await until(() => service.accepted(browser.endpoint).length > 0);

    const notice = await ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', gardener.id)
      .where('type', '=', 'match')
      .executeTakeFirstOrThrow();
    const [push] = service.accepted(browser.endpoint);
    expect(push!.payload).toEqual({
      kind: 'matches',
      title: `${owner.username} listed “Heirloom tomatoes”`,
      body: 'It matches “tomatoes” on your wish list.',
      url: `/listings/${listing.id}`,
      tag: `notification:${notice.id}`,
    });
    expect(push!.text).not.toContain('uploads');
    expect(push!.text).not.toContain('@');
    expect(push!.urgency).toBe('normal');
  });

  it('pushes a friend request and an interest in a listing, each to the screen its notification opens', async () => {
    const [asker, member] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, member, { friend_requests: true, trades: true });
    const asked = await ctx.inject({
      method: 'POST',
      url: '/api/auth/friends/request',
      as: asker,
      payload: { friend_id: member.id },
    });
    expect(asked.statusCode).toBe(201);
    const listing = await createListing(ctx, member, { title: 'Rhubarb crowns' });
    const interest = await ctx.inject({
      method: 'POST',
      url: `/api/listings/${listing.id}/interest`,
      as: asker,
      payload: {},
    });
    expect(interest.statusCode).toBe(200);
    await until(() => service.accepted(browser.endpoint).length >= 2);
    await ctx.app.push.idle();

    expect(service.accepted(browser.endpoint).map((push) => push.payload)).toEqual([
      expect.objectContaining({
        kind: 'friend_requests',
        title: `${asker.username} wants to be your friend`,
        url: '/myfriends',
      }),
      expect.objectContaining({
        kind: 'trades',
        title: `${asker.username} would like “Rhubarb crowns”`,
        url: `/messages/${asker.id}`,
      }),
    ]);
  });

  it('sends the push of each trade step at once, not at the next look at the queue', async () => {
    // The queue looked at once a minute: only the step itself can have woken it.
    const slow = await buildTestApp({ push: ctx.config.push, pushQueue: quick({ pollMs: 60_000, pollMaxMs: 60_000 }) });
    try {
      const [owner, member] = [await createUser(slow), await createUser(slow)];
      const browser = await device(slow, service, member, { trades: true });
      const listing = await createListing(slow, owner, { title: 'Seed potatoes' });
      const call = (as: TestUser, url: string, payload: object) =>
        slow.inject({ method: 'POST', url: `/api/listings/${listing.id}/${url}`, as, payload });
      expect((await call(member, 'interest', {})).statusCode).toBe(200);
      expect((await call(owner, 'reservation', { user_id: member.id })).statusCode).toBe(204);
      await until(() => service.accepted(browser.endpoint).length >= 1, 3_000);
      expect((await call(owner, 'hand-over', { kind: 'given', user_id: member.id })).statusCode).toBe(201);
      await until(() => service.accepted(browser.endpoint).length >= 2, 3_000);
      expect(service.accepted(browser.endpoint).map((push) => push.payload.kind)).toEqual(['trades', 'trades']);
    } finally {
      await slow.close();
    }
  });

  it('queues nothing for a kind whose switch is off, nor for a member without a device', async () => {
    const [sender, receiver, nobody] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, receiver, { matches: true, messages: false });
    await send(ctx, sender, receiver, 'Hello?');
    await ctx.inject({ method: 'PATCH', url: '/api/push/settings', as: nobody, payload: { messages: true } });
    await send(ctx, sender, nobody, 'Hello to you too');
    await ctx.app.push.idle();
    expect(await pushesTo(ctx, browser)).toEqual([]);
    const queued = await ctx.db
      .selectFrom('push_queue')
      .select('id')
      .where('user_id', 'in', [receiver.id, nobody.id])
      .execute();
    expect(queued).toEqual([]);
    expect(service.to(browser.endpoint)).toEqual([]);
  });

  it('retries after the push service fails (500, 429) and delivers once', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, receiver, { messages: true });
    service.answer(browser.endpoint, 500, 429);
    await send(ctx, sender, receiver, 'Third time lucky');
    await until(() => service.accepted(browser.endpoint).length === 1);
    await ctx.app.push.idle();
    await sleep(300);

    expect(service.to(browser.endpoint).map((push) => push.status)).toEqual([500, 429, 201]);
    expect(service.accepted(browser.endpoint)).toHaveLength(1);
    expect(await pushesTo(ctx, browser)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 3, error: null }),
    ]);
  });

  it('drops a subscription the push service says is gone (410), and the pushes queued for it', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, receiver, { messages: true });
    const { id } = await ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', browser.endpoint)
      .executeTakeFirstOrThrow();
    service.answer(browser.endpoint, 410);
    await send(ctx, sender, receiver, 'Anyone there?');
    await until(() => service.to(browser.endpoint).length === 1);
    await ctx.app.push.idle();

    expect(
      await ctx.db.selectFrom('push_subscriptions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await ctx.db.selectFrom('push_queue').select('id').where('subscription_id', '=', id).execute()).toEqual([]);
    const res = await ctx.inject({ method: 'GET', url: '/api/push/settings', as: receiver });
    expect(res.json().devices).toBe(0);
    // A later message finds no device: nothing is queued, nothing is sent.
    await send(ctx, sender, receiver, 'Hello again');
    await ctx.app.push.idle();
    expect(service.to(browser.endpoint)).toHaveLength(1);
  });

  it('gives up on a push the push service refuses for good (403), keeping its answer', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, receiver, { messages: true });
    service.answer(browser.endpoint, 403);
    await send(ctx, sender, receiver, 'Refused');
    await until(() => service.to(browser.endpoint).length === 1);
    await ctx.app.push.idle();
    await sleep(300);
    expect(service.to(browser.endpoint)).toHaveLength(1);
    expect(await pushesTo(ctx, browser)).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, error: expect.stringMatching(/answered 403/) }),
    ]);
    // The subscription stays: a refusal is not a goodbye.
    expect(
      await ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', browser.endpoint).execute(),
    ).toHaveLength(1);
  });

  it('gives a push service that never answers up after the timeout, and tries again', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, receiver, { messages: true });
    service.answer(browser.endpoint, 'hang');
    const started = Date.now();
    await send(ctx, sender, receiver, 'Hello from the slow lane');
    await until(() => service.accepted(browser.endpoint).length === 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(quick().sendTimeoutMs);
    await ctx.app.push.idle();

    expect(service.to(browser.endpoint).map((push) => push.status)).toEqual([0, 201]);
    const [row] = await pushesTo(ctx, browser);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });

  it('pushes nothing to a member who has a tab in front, and again once it is not', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, receiver, { messages: true });
    const tab = await connectTab(url, receiver.token, sockets);
    const focusIs = (focused: boolean) =>
      until(async () => {
        const [socket] = await ctx.app.realtime.io.in(`user:${receiver.id}`).fetchSockets();
        return socket?.data.focused === focused;
      });

    tab.socket.emit('tab_focus', { focused: true });
    await focusIs(true);
    await send(ctx, sender, receiver, 'You are looking right at it');
    await until(async () => (await pushesTo(ctx, browser)).some((row) => row.status === 'skipped'));
    await ctx.app.push.idle();
    await sleep(300);
    expect(service.to(browser.endpoint)).toEqual([]);
    expect(tab.received.map((m) => m.content)).toEqual(['You are looking right at it']);

    tab.socket.emit('tab_focus', { focused: false });
    await focusIs(false);
    await send(ctx, sender, receiver, 'Now you are away');
    await until(() => service.accepted(browser.endpoint).length === 1);
    expect(service.accepted(browser.endpoint)[0]!.payload.body).toBe('Now you are away');
    // The service took it; the worker writes so once it has the answer.
    await ctx.app.push.idle();
    expect((await pushesTo(ctx, browser)).map((row) => row.status)).toEqual(['skipped', 'sent']);
  });

  it('pushes to a member whose open tab never said it is in front, and ignores a junk tab_focus', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, receiver, { messages: true });
    const tab = await connectTab(url, receiver.token, sockets);
    (tab.socket as unknown as { emit(event: string, payload: unknown): void }).emit('tab_focus', { focused: 'yes' });
    await sleep(100);
    await send(ctx, sender, receiver, 'Pushed anyway');
    await until(() => service.accepted(browser.endpoint).length === 1);
  });
});

describe('the push queue across instances and restarts', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });
  const track = <T extends { close(): Promise<void> }>(thing: T) => {
    opened.push(thing);
    return thing;
  };

  it('sends each push once with two instances on one database', async () => {
    const shared = await sharedDatabase();
    try {
      const secrets = sharedSecrets();
      const settings = quick({ pollMs: 20, batchSize: 3 });
      const one = track(await buildTestApp({ database: shared.database, ...secrets, pushQueue: settings }));
      const two = track(await buildTestApp({ database: shared.database, ...secrets, pushQueue: settings }));
      const service = track(await startPushService({ vapidPublicKey: secrets.push.vapid.publicKey }));
      const sender = await createUser(one);
      const receivers = [await createUser(one), await createUser(one), await createUser(one)];
      const browsers: BrowserSubscription[] = [];
      for (const [i, receiver] of receivers.entries())
        browsers.push(await device(i % 2 ? one : two, service, receiver, { messages: true }));

      const bodies = Array.from({ length: 30 }, (_, i) => `Seedlings batch ${i}`);
      await Promise.all(bodies.map((body, i) => send(i % 2 ? one : two, sender, receivers[i % 3]!, body)));
      await Promise.all([one.app.push.idle(), two.app.push.idle()]);
      await sleep(200);

      const delivered = browsers.flatMap((b) => service.accepted(b.endpoint).map((push) => push.payload.body));
      expect(delivered.sort()).toEqual([...bodies].sort());
      expect(service.received).toHaveLength(bodies.length);
      const rows = await one.db.selectFrom('push_queue').select(['status', 'attempts']).execute();
      expect(rows).toHaveLength(bodies.length);
      expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    } finally {
      for (const thing of opened.splice(0).reverse()) await thing.close();
      await shared.drop();
    }
  });

  it('leaves pushes queued when the app closes, and the next start sends them: none lost, none twice', async () => {
    const shared = await sharedDatabase();
    try {
      const secrets = sharedSecrets();
      const service = track(await startPushService({ vapidPublicKey: secrets.push.vapid.publicKey }));
      // The first start meets a push service that fails, and would retry only after it has closed.
      const first = await buildTestApp({
        database: shared.database,
        ...secrets,
        pushQueue: quick({ retryBaseMs: 1_500 }),
      });
      const sender = await createUser(first);
      const receivers = [await createUser(first), await createUser(first), await createUser(first)];
      const browsers: BrowserSubscription[] = [];
      for (const receiver of receivers) {
        const browser = await device(first, service, receiver, { messages: true });
        service.answer(browser.endpoint, 503);
        browsers.push(browser);
      }
      for (const [i, receiver] of receivers.entries()) await send(first, sender, receiver, `Before the restart ${i}`);
      await until(() => browsers.every((b) => service.to(b.endpoint).length === 1));
      await first.close();

      const between = connectDatabase(shared.database);
      const waiting = await between.db.selectFrom('push_queue').select(['status', 'locked_by', 'sent_at']).execute();
      expect(waiting).toEqual(Array(3).fill({ status: 'queued', locked_by: null, sent_at: null }));
      await between.db.destroy();

      const second = track(await buildTestApp({ database: shared.database, ...secrets, pushQueue: quick() }));
      await until(() => browsers.every((b) => service.accepted(b.endpoint).length === 1));
      await second.app.push.idle();
      await sleep(300);
      for (const [i, browser] of browsers.entries()) {
        expect(service.to(browser.endpoint).map((push) => push.status)).toEqual([503, 201]);
        expect(service.accepted(browser.endpoint)[0]!.payload.body).toBe(`Before the restart ${i}`);
      }
    } finally {
      for (const thing of opened.splice(0).reverse()) await thing.close();
      await shared.drop();
    }
  });
});

describe('claiming due pushes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Its own worker looks once at start, then not for ten minutes: the claims here are the only ones.
    ctx = await buildTestApp({ pushQueue: quick({ pollMs: 600_000, pollMaxMs: 600_000 }) });
  });
  afterAll(() => ctx.close());

  it('hands each due push to exactly one of many concurrent claims, and none that is not due', async () => {
    const member = await createUser(ctx);
    const session = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('jti', '=', member.jti)
      .executeTakeFirstOrThrow();
    const { id: subscription_id } = await ctx.db
      .insertInto('push_subscriptions')
      .values({
        user_id: member.id,
        session_id: session.id,
        endpoint: 'https://push.example.com/send/claims',
        p256dh: 'p',
        auth: 'a',
        public_key: ctx.config.push.vapid.publicKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const row = (due: boolean) => ({
      subscription_id,
      user_id: member.id,
      kind: 'messages' as const,
      payload: '{}',
      urgency: 'high' as const,
      next_attempt_at: new Date(now + (due ? -1_000 : 60_000)).toISOString(),
    });
    const due = await ctx.db
      .insertInto('push_queue')
      .values(Array.from({ length: 50 }, () => row(true)))
      .returning('id')
      .execute();
    await ctx.db
      .insertInto('push_queue')
      .values(Array.from({ length: 5 }, () => row(false)))
      .execute();

    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        claimDuePushes(ctx.db, {
          now: new Date(now).toISOString(),
          leaseUntil: new Date(now + 60_000).toISOString(),
          claim: `claim-${i}`,
          limit: 5,
        }),
      ),
    );
    const claimed = claims.flat().map((push) => push.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort((a, b) => a - b)).toEqual(due.map((r) => r.id).sort((a, b) => a - b));
    expect(claims.flat().every((push) => push.attempts === 1 && push.endpoint.endsWith('/claims'))).toBe(true);
  });
});

describe('a push endpoint whose name resolves into the network', () => {
  /** The names the app resolves here; any other name is not found. */
  const NAMES: Record<string, string[]> = {
    'push.example.net': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebound.example.net': ['127.0.0.1'],
    'mixed.example.net': ['93.184.215.14', '192.168.1.20'],
  };
  const asked: string[] = [];
  const resolveHost: ResolveHost = async (host) => {
    asked.push(host);
    const addresses = NAMES[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const urlOf = (input: Parameters<typeof fetch>[0]) => (input instanceof Request ? input.url : String(input));
  let fetchSpy: MockInstance<typeof fetch>;
  /** The URLs the app posted to on these names. */
  const posted = () =>
    fetchSpy.mock.calls.map(([input]) => urlOf(input)).filter((url) => new URL(url).hostname in NAMES);
  let ctx: TestContext;

  beforeAll(async () => {
    const realFetch = globalThis.fetch;
    // The push services of these names answer 201 here, without the network; anything else goes out as it would.
    fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input, init) =>
        new URL(urlOf(input)).hostname in NAMES ? new Response(null, { status: 201 }) : realFetch(input, init),
      );
    ctx = await buildTestApp({ pushQueue: quick() }, { resolveHost });
  });
  afterAll(async () => {
    await ctx?.close();
    fetchSpy.mockRestore();
  });

  /** A member's browser subscribed at this endpoint, its keys made as a browser makes them. */
  async function deviceAt(member: TestUser, endpoint: string) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const browser: BrowserSubscription = {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const res = await ctx.inject({ method: 'POST', url: '/api/push/subscriptions', as: member, payload: browser });
    expect(res.statusCode).toBe(201);
    return browser;
  }

  it('refuses a push to a public name resolving to a private address, never posting to it, and keeps why', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    await ctx.inject({ method: 'PATCH', url: '/api/push/settings', as: receiver, payload: { messages: true } });
    const outside = await deviceAt(receiver, 'https://push.example.net/send/outside');
    const rebound = await deviceAt(receiver, 'https://rebound.example.net/send/rebound');
    const mixed = await deviceAt(receiver, 'https://mixed.example.net/send/mixed');
    await send(ctx, sender, receiver, 'Where does this go?');
    await until(async () => (await pushesTo(ctx, mixed)).every((push) => push.status === 'failed'));
    await until(async () => (await pushesTo(ctx, rebound)).every((push) => push.status === 'failed'));
    await ctx.app.push.idle();

    expect(asked).toEqual(expect.arrayContaining(['push.example.net', 'rebound.example.net', 'mixed.example.net']));
    expect(posted()).toEqual([outside.endpoint]);
    expect(await pushesTo(ctx, outside)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    expect(await pushesTo(ctx, rebound)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error: expect.stringMatching(/rebound\.example\.net resolves to 127\.0\.0\.1, not a public address/),
      }),
    ]);
    expect(await pushesTo(ctx, mixed)).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        error: expect.stringMatching(/mixed\.example\.net resolves to 192\.168\.1\.20, not a public address/),
      }),
    ]);
  });

  it('tries a name that does not resolve again later, posting nothing meanwhile', async () => {
    const [sender, receiver] = [await createUser(ctx), await createUser(ctx)];
    await ctx.inject({ method: 'PATCH', url: '/api/push/settings', as: receiver, payload: { messages: true } });
    const gone = await deviceAt(receiver, 'https://gone.example.net/send/gone');
    const before = fetchSpy.mock.calls.length;
    await send(ctx, sender, receiver, 'Anyone there?');
    await until(async () => (await pushesTo(ctx, gone)).some((push) => push.attempts >= 1 && push.error !== null));
    const [row] = await pushesTo(ctx, gone);
    expect(row).toMatchObject({ status: 'queued', error: expect.stringMatching(/ENOTFOUND gone\.example\.net/) });
    expect(fetchSpy.mock.calls.slice(before)).toEqual([]);
  });
});

// A tab on one instance, the push sent by another: the question goes through Redis. Once, on
// PostgreSQL, as the scale-out test: instances of two runs on one Redis would hear each other.
const withRedis = process.env.TEST_REDIS_URL && dialect === 'postgres';
describe.skipIf(!withRedis)('a tab in front on another instance (Redis)', () => {
  it('keeps the push that another instance would send', async () => {
    const shared = await sharedDatabase();
    const opened: Array<{ close(): Promise<void> }> = [];
    const sockets: ClientSocket[] = [];
    try {
      const secrets = sharedSecrets();
      const common = { database: shared.database, ...secrets, redisUrl: process.env.TEST_REDIS_URL };
      const sending = await buildTestApp({ ...common, pushQueue: quick() });
      opened.push(sending);
      // This one's worker looks once at start, then only every ten minutes: the other sends.
      const showing = await buildTestApp({ ...common, pushQueue: quick({ pollMs: 600_000, pollMaxMs: 600_000 }) });
      opened.push(showing);
      await showing.app.listen({ port: 0, host: '127.0.0.1' });
      const service = await startPushService({ vapidPublicKey: secrets.push.vapid.publicKey });
      opened.push(service);

      const [sender, receiver] = [await createUser(sending), await createUser(sending)];
      const browser = await device(sending, service, receiver, { messages: true });
      const tab = await connectTab(
        `http://127.0.0.1:${(showing.app.server.address() as AddressInfo).port}`,
        receiver.token,
        sockets,
      );
      tab.socket.emit('tab_focus', { focused: true });
      await until(async () => {
        const [socket] = await sending.app.realtime.io.in(`user:${receiver.id}`).fetchSockets();
        return socket?.data.focused === true;
      });

      await send(sending, sender, receiver, 'Seen on the other instance');
      await until(async () => (await pushesTo(sending, browser)).some((row) => row.status === 'skipped'));
      expect(service.to(browser.endpoint)).toEqual([]);

      tab.socket.close();
      await until(async () => (await sending.app.realtime.io.in(`user:${receiver.id}`).fetchSockets()).length === 0);
      await send(sending, sender, receiver, 'Gone from the tab');
      await until(() => service.accepted(browser.endpoint).length === 1);
    } finally {
      for (const socket of sockets) socket.close();
      for (const thing of opened.reverse()) await thing.close();
      await shared.drop();
    }
  });
});

describe('a message that reached a device by push is not e-mailed', () => {
  const OFFLINE = { ...OFFLINE_MAIL, offlineAfterMs: 800, heartbeatMs: 150, sweepMs: 60_000 };
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  let service: PushService;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await buildTestApp({
      smtpUrl: sink.url,
      mailQueue: { ...MAIL_QUEUE, pollMs: 50, pollMaxMs: 200, retryBaseMs: 100, retryMaxMs: 400 },
      offlineMail: OFFLINE,
      pushQueue: quick(),
    });
    service = await startPushService({ vapidPublicKey: ctx.config.push.vapid.publicKey });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
    await service?.close();
  });

  /** Lets the delay run out, then sweeps and sends whatever is due. */
  async function afterTheDelay() {
    await sleep(OFFLINE.offlineAfterMs + 300);
    await offlineMailOf(ctx.app.server)!.sweep();
    await mailerOf(ctx.app.server)!.idle();
  }

  it('sends no "unread messages" e-mail for messages a push service accepted', async () => {
    const [maria, alex] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, alex, { messages: true });
    await send(ctx, maria, alex, 'First');
    await send(ctx, maria, alex, 'Second');
    await until(() => service.accepted(browser.endpoint).length === 2);
    await ctx.app.push.idle();
    await afterTheDelay();
    expect(sink.to(alex.email)).toEqual([]);
  });

  it('still e-mails a member who got no push: no device, or a push that was refused', async () => {
    const [maria, alex, sam] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, sam, { messages: true });
    service.answer(browser.endpoint, 403);
    await send(ctx, maria, alex, 'No device here');
    await send(ctx, maria, sam, 'Refused by the push service');
    await until(() => service.to(browser.endpoint).length === 1);
    await ctx.app.push.idle();
    await afterTheDelay();
    expect(sink.to(alex.email)).toHaveLength(1);
    expect(sink.to(sam.email)).toHaveLength(1);
  });

  it('e-mails the messages that came after the last one pushed', async () => {
    const [maria, alex] = [await createUser(ctx), await createUser(ctx)];
    const browser = await device(ctx, service, alex, { messages: true });
    await send(ctx, maria, alex, 'Pushed');
    await until(() => service.accepted(browser.endpoint).length === 1);
    await ctx.app.push.idle();
    // The member turns message pushes off: the next message reaches them by e-mail only.
    await ctx.inject({ method: 'PATCH', url: '/api/push/settings', as: alex, payload: { messages: false } });
    await send(ctx, maria, alex, 'Not pushed');
    await afterTheDelay();
    const [mail, ...more] = sink.to(alex.email);
    expect(more).toEqual([]);
    expect(mail!.body).toContain('Not pushed');
  });
});
