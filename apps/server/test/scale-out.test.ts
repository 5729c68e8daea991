import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Listing, Message, SendMessageAck } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { PUBLIC_FEED_TRUST_MS } from '../src/modules/listings/public-feed.js';
import { createPgSchema, testConfig } from './app.js';
import { createUser, PASSWORD, type TestUser } from './factories.js';
import { type ClientSocket, connectTab } from './sockets.js';

// Two instances behind a load balancer share PostgreSQL and Redis and nothing else.
const missing = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'].filter((name) => !process.env[name]);
const describeScaleOut = missing.length ? describe.skip : describe;
const title = missing.length
  ? `scale-out with two instances (skipped: set ${missing.join(' and ')})`
  : 'scale-out with two instances on one PostgreSQL and one Redis';

const LOGIN_WINDOW_MS = 2000;
const LOGIN_MAX = 3;

interface Instance {
  app: App;
  url: string;
  cleanup(): Promise<void>;
}

describeScaleOut(title, () => {
  let schema: Awaited<ReturnType<typeof createPgSchema>>;
  let one: Instance;
  let two: Instance;
  const sockets: ClientSocket[] = [];

  const start = async (shared: Partial<Config>): Promise<Instance> => {
    const { config, cleanup } = await testConfig({
      ...shared,
      rateLimits: {
        enabled: true,
        loginPerAccount: { max: LOGIN_MAX, windowMs: LOGIN_WINDOW_MS },
        // Every run logs in from 127.0.0.1 against the same Redis: keep the address limit out of the way.
        loginPerIp: { max: 10_000, windowMs: LOGIN_WINDOW_MS },
        registerPerIp: { max: 10_000, windowMs: LOGIN_WINDOW_MS },
      },
    });
    const app = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, cleanup };
  };

  beforeAll(async () => {
    schema = await createPgSchema();
    const shared: Partial<Config> = {
      database: { kind: 'postgres', url: schema.url, schema: schema.schema },
      redisUrl: process.env.TEST_REDIS_URL,
      jwtSecret: randomBytes(32).toString('base64url'),
      uploadsStore: 'database',
    };
    // One after the other, so only the first runs the migrations.
    one = await start(shared);
    two = await start(shared);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await one?.app.close();
    await two?.app.close();
    await one?.cleanup();
    await two?.cleanup();
    await schema?.drop();
  });

  const member = () => createUser({ db: one.app.db, config: one.app.config });

  const connect = (instance: Instance, user: { token: string }) => connectTab(instance.url, user.token, sockets);

  const until = async (done: () => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    // A little longer, so a duplicate delivery would show.
    await new Promise((r) => setTimeout(r, 150));
  };

  const post = (instance: Instance, path: string, body: unknown, token?: string) =>
    fetch(`${instance.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('delivers a socket send on instance 1 to the receiver’s tabs on instance 2, once each', async () => {
    const [sender, receiver] = [await member(), await member()];
    const receiverOnTwo = [await connect(two, receiver), await connect(two, receiver)];
    const receiverOnOne = await connect(one, receiver);
    const senderOnOne = await connect(one, sender);
    const senderOnTwo = await connect(two, sender);

    const ack = await new Promise<SendMessageAck>((resolve) =>
      senderOnOne.socket.emit(
        'send_message',
        { receiver_id: receiver.id, content: 'Across instances', client_id: 'x-1' },
        resolve,
      ),
    );
    if (!ack.ok) throw new Error(`send failed: ${ack.detail}`);
    const tabs = [...receiverOnTwo, receiverOnOne, senderOnOne, senderOnTwo];
    await until(() => tabs.every((t) => t.received.length >= 1));
    for (const tab of tabs) expect(tab.received).toEqual([ack.message]);

    // A retry through the other instance finds the stored message and delivers nothing new.
    const senderToken = sender.token;
    const retry = await post(
      two,
      '/api/messages',
      { receiver_id: receiver.id, content: 'Across instances', client_id: 'x-1' },
      senderToken,
    );
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(ack.message);
    await until(() => false, 200);
    for (const tab of tabs) expect(tab.received).toHaveLength(1);
  });

  it('pushes a POST on instance 1 to the receiver on instance 2', async () => {
    const [sender, receiver] = [await member(), await member()];
    const receiverOnTwo = await connect(two, receiver);
    const res = await post(one, '/api/messages', { receiver_id: receiver.id, content: 'Over HTTP' }, sender.token);
    expect(res.status).toBe(201);
    const message = (await res.json()) as Message;
    await until(() => receiverOnTwo.received.length >= 1);
    expect(receiverOnTwo.received).toEqual([message]);

    // And instance 2 reads what instance 1 stored, marking it read for both.
    const read = await fetch(`${two.url}/api/messages/${sender.id}`, {
      headers: { authorization: `Bearer ${receiver.token}` },
    });
    expect((await read.json()).map((m: Message) => m.id)).toEqual([message.id]);
    const threads = await fetch(`${one.url}/api/messages`, { headers: { authorization: `Bearer ${receiver.token}` } });
    expect(await threads.json()).toEqual([expect.objectContaining({ user_id: sender.id, unread_count: 0 })]);
  });

  it('shows a listing posted on instance 1 in the public feed instance 2 shares, told through Redis well before its trust runs out', async () => {
    const [grower, viewer] = [await member(), await member()];
    const feedOnTwo = async () => {
      const res = await fetch(`${two.url}/api/listings/?public=true`, {
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Listing[]).map((l) => l.title);
    };
    expect(await feedOnTwo()).not.toContain('Across the instances');
    const listing = { title: 'Across the instances', description: 'Chard', price: 0, type_id: 3, category_id: 1 };
    expect((await post(one, '/api/listings/', listing, grower.token)).status).toBe(201);
    const since = Date.now();
    while (!(await feedOnTwo()).includes('Across the instances')) {
      expect(Date.now() - since).toBeLessThan(PUBLIC_FEED_TRUST_MS / 2);
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it('shows an edit made on instance 1 on the listing’s page instance 2 shares, told through Redis well before its trust runs out', async () => {
    const [grower, viewer] = [await member(), await member()];
    const listing = { title: 'Shared rhubarb', description: 'Crowns', price: 0, type_id: 3, category_id: 1 };
    const created = await post(one, '/api/listings/', listing, grower.token);
    const { id } = (await created.json()) as Listing;
    const titleOnTwo = async () => {
      const res = await fetch(`${two.url}/api/listings/${id}`, {
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Listing).title;
    };
    expect(await titleOnTwo()).toBe('Shared rhubarb');
    const edited = await fetch(`${one.url}/api/listings/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grower.token}` },
      body: JSON.stringify({ title: 'Renamed rhubarb' }),
    });
    expect(edited.status).toBe(200);
    const since = Date.now();
    while ((await titleOnTwo()) !== 'Renamed rhubarb') {
      expect(Date.now() - since).toBeLessThan(PUBLIC_FEED_TRUST_MS / 2);
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it('drops a socket on instance 2 when its token logs out on instance 1', async () => {
    const user: TestUser = await member();
    const onTwo = await connect(two, user);
    const dropped = new Promise<string>((resolve, reject) => {
      onTwo.socket.once('disconnect', resolve);
      setTimeout(() => reject(new Error('the socket on instance 2 stayed open')), 5000);
    });
    const res = await post(one, '/api/auth/logout', {}, user.token);
    expect(res.status).toBe(204);
    expect(await dropped).toBe('io server disconnect');
  });

  it('refuses on instance 2 a token logged out on instance 1 without waiting for its session check to lapse', async () => {
    const user = await member();
    const profile = () => fetch(`${two.url}/api/auth/profile`, { headers: { authorization: `Bearer ${user.token}` } });
    // Instance 2 has just checked the session: alone, it would trust it for up to a second more.
    expect((await profile()).status).toBe(200);
    expect((await post(one, '/api/auth/logout', {}, user.token)).status).toBe(204);
    const loggedOutAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - loggedOutAt < 2000) status = (await profile()).status;
    expect(status).toBe(401);
    expect(Date.now() - loggedOutAt).toBeLessThan(300);
  });

  it('ends on instance 2, socket and token, a session signed out from the sessions list on instance 1', async () => {
    const user = await member();
    const phone = (await (await post(two, '/api/auth/login', { username: user.email, password: PASSWORD })).json())
      .access_token as string;
    const onTwo = await connect(two, { token: phone });
    const dropped = new Promise<string>((resolve, reject) => {
      onTwo.socket.once('disconnect', resolve);
      setTimeout(() => reject(new Error('the socket on instance 2 stayed open')), 5000);
    });
    const profile = () => fetch(`${two.url}/api/auth/profile`, { headers: { authorization: `Bearer ${phone}` } });
    expect((await profile()).status).toBe(200);
    const list = await fetch(`${one.url}/api/auth/sessions`, { headers: { authorization: `Bearer ${user.token}` } });
    const other = ((await list.json()) as { id: number; current: boolean }[]).find((s) => !s.current)!;
    const res = await fetch(`${one.url}/api/auth/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(204);
    const signedOutAt = Date.now();
    expect(await dropped).toBe('io server disconnect');
    let status = 200;
    while (status === 200 && Date.now() - signedOutAt < 2000) status = (await profile()).status;
    expect(status).toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(1100);
  });

  it('drops on instance 2 every socket of a member who deletes their account on instance 1', async () => {
    const user = await member();
    const tabs = [await connect(two, user), await connect(two, user)];
    const dropped = tabs.map(
      (tab) =>
        new Promise<string>((resolve, reject) => {
          tab.socket.once('disconnect', resolve);
          setTimeout(() => reject(new Error('a socket on instance 2 stayed open')), 5000);
        }),
    );
    const res = await post(one, '/api/account/delete', { password: PASSWORD }, user.token);
    expect(res.status).toBe(204);
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
    const profile = await fetch(`${two.url}/api/auth/profile`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(profile.status).toBe(401);
  });

  it('holds the per-account login limit across both instances', async () => {
    const owner = await member();
    const attempt = (instance: Instance, password: string) =>
      post(instance, '/api/auth/login', { username: owner.email, password });

    const instances = [one, two];
    for (let i = 0; i < LOGIN_MAX; i += 1) {
      expect((await attempt(instances[i % 2]!, 'wrong-password')).status).toBe(401);
    }
    const limited = await attempt(instances[LOGIN_MAX % 2]!, 'wrong-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The right password does not get through on the other instance either while the window lasts.
    expect((await attempt(instances[(LOGIN_MAX + 1) % 2]!, PASSWORD)).status).toBe(429);

    await new Promise((r) => setTimeout(r, LOGIN_WINDOW_MS + 300));
    const ok = await attempt(one, PASSWORD);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { id: owner.id } });
  });
});
