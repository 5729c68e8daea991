import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { type PushService, startPushService } from '../../../test/push-service.js';
import { startSession } from '../../plugins/sessions/auth.tokens.js';

let ctx: TestContext;
let service: PushService;
beforeAll(async () => {
  ctx = await buildTestApp();
  service = await startPushService({ vapidPublicKey: ctx.config.push.vapid.publicKey });
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});

const subscribe = (as: { token: string }, subscription: object) =>
  ctx.inject({ method: 'POST', url: '/api/push/subscriptions', as, payload: subscription });
const unsubscribe = (as: { token: string }, endpoint: string) =>
  ctx.inject({ method: 'DELETE', url: '/api/push/subscriptions', as, payload: { endpoint } });
const settings = async (as: { token: string }) => {
  const res = await ctx.inject({ method: 'GET', url: '/api/push/settings', as });
  expect(res.statusCode).toBe(200);
  return res.json<{ public_key: string; switches: Record<string, boolean>; devices: number }>();
};
const subscriptionOf = (endpoint: string) =>
  ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
const sessionIdOf = async (user: { jti: string }) =>
  (await ctx.db.selectFrom('sessions').select('id').where('jti', '=', user.jti).executeTakeFirstOrThrow()).id;

/** Another sign-in of the same member: a second session, as on a second device. */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const session = await startSession(ctx.db, ctx.config.jwtSecret, user);
  return { ...user, token: session.token, jti: session.jti };
}

describe('push settings and subscriptions', () => {
  it('needs a session for every push route', async () => {
    const endpoint = service.subscribe();
    for (const [method, url, payload] of [
      ['GET', '/api/push/settings', undefined],
      ['PATCH', '/api/push/settings', { messages: true }],
      ['POST', '/api/push/subscriptions', endpoint],
      ['DELETE', '/api/push/subscriptions', { endpoint: endpoint.endpoint }],
    ] as const) {
      const res = await ctx.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it("starts with every switch off, the server's VAPID key and no device", async () => {
    const member = await createUser(ctx);
    expect(await settings(member)).toEqual({
      public_key: ctx.config.push.vapid.publicKey,
      switches: { messages: false, matches: false, friend_requests: false, trades: false, events: false },
      devices: 0,
    });
  });

  it('turns the named switches on or off and leaves the others as they are', async () => {
    const member = await createUser(ctx);
    const on = await ctx.inject({
      method: 'PATCH',
      url: '/api/push/settings',
      as: member,
      payload: { messages: true, trades: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().switches).toEqual({
      messages: true,
      matches: false,
      friend_requests: false,
      trades: true,
      events: false,
    });
    const off = await ctx.inject({
      method: 'PATCH',
      url: '/api/push/settings',
      as: member,
      payload: { trades: false },
    });
    expect(off.json().switches).toEqual({
      messages: true,
      matches: false,
      friend_requests: false,
      trades: false,
      events: false,
    });
    expect((await settings(member)).switches).toEqual(off.json().switches);

    for (const payload of [{}, { messages: 'yes' }]) {
      const bad = await ctx.inject({ method: 'PATCH', url: '/api/push/settings', as: member, payload });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.any(String) });
    }
  });

  it('refuses a subscription that is malformed or names an address the server must not post to', async () => {
    const member = await createUser(ctx);
    const good = service.subscribe();
    const cases: [object, string][] = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'http://push.example.com/abc' }, 'endpoint'],
      [{ ...good, endpoint: 'https://10.0.0.5/abc' }, 'endpoint'],
      [{ ...good, endpoint: 'https://localhost/abc' }, 'endpoint'],
      [{ ...good, endpoint: 'http://10.1.2.3:8080/abc' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: 'c2hvcnQ' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: 'not base64!' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [payload, field] of cases) {
      const res = await subscribe(member, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const malformed = await ctx.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      as: member,
      headers: { 'content-type': 'application/json' },
      payload: '{"endpoint":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await subscriptionOf(good.endpoint)).toBeUndefined();
    expect((await settings(member)).devices).toBe(0);
  });

  it('keeps a subscription for the session that made it, and counts the device', async () => {
    const member = await createUser(ctx);
    const browser = service.subscribe();
    const res = await subscribe(member, browser);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ devices: 1 });
    expect(await subscriptionOf(browser.endpoint)).toMatchObject({
      user_id: member.id,
      session_id: await sessionIdOf(member),
      p256dh: browser.keys.p256dh,
      auth: browser.keys.auth,
      public_key: ctx.config.push.vapid.publicKey,
    });
    // The same browser again (the app subscribes on every start): still one device.
    expect((await subscribe(member, browser)).json()).toMatchObject({ devices: 1 });
  });

  it('hands an endpoint over to the member who subscribes it next, without the pushes queued for the first', async () => {
    const [first, next] = [await createUser(ctx), await createUser(ctx)];
    const browser = service.subscribe();
    expect((await subscribe(first, browser)).statusCode).toBe(201);
    const { id } = (await subscriptionOf(browser.endpoint))!;
    await ctx.db
      .insertInto('push_queue')
      .values({
        subscription_id: id,
        user_id: first.id,
        kind: 'messages',
        payload: '{}',
        urgency: 'high',
        next_attempt_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();

    expect((await subscribe(next, browser)).statusCode).toBe(201);
    expect(await subscriptionOf(browser.endpoint)).toMatchObject({
      id,
      user_id: next.id,
      session_id: await sessionIdOf(next),
    });
    expect((await settings(first)).devices).toBe(0);
    expect((await settings(next)).devices).toBe(1);
    expect(await ctx.db.selectFrom('push_queue').select('id').where('subscription_id', '=', id).execute()).toEqual([]);
  });

  it("removes only the caller's own subscription", async () => {
    const [owner, other] = [await createUser(ctx), await createUser(ctx)];
    const browser = service.subscribe();
    await subscribe(owner, browser);
    expect((await unsubscribe(other, browser.endpoint)).statusCode).toBe(204);
    expect(await subscriptionOf(browser.endpoint)).toBeDefined();
    expect((await unsubscribe(owner, browser.endpoint)).statusCode).toBe(204);
    expect(await subscriptionOf(browser.endpoint)).toBeUndefined();
    expect((await settings(owner)).devices).toBe(0);
    // Nothing left to remove: still 204.
    expect((await unsubscribe(owner, browser.endpoint)).statusCode).toBe(204);
  });

  it('keeps at most the configured number of devices per member: a new one replaces the oldest', async () => {
    const member = await createUser(ctx);
    const max = ctx.config.push.subscriptionsPerMember;
    const browsers = Array.from({ length: max + 1 }, () => service.subscribe());
    for (const browser of browsers) expect((await subscribe(member, browser)).statusCode).toBe(201);
    expect((await settings(member)).devices).toBe(max);
    expect(await subscriptionOf(browsers[0]!.endpoint)).toBeUndefined();
    expect(await subscriptionOf(browsers[max]!.endpoint)).toBeDefined();
  });

  it('removes the subscription of a session that signs out, and only that one', async () => {
    const phone = await createUser(ctx);
    const laptop = await signInAgain(phone);
    const [phoneBrowser, laptopBrowser] = [service.subscribe(), service.subscribe()];
    await subscribe(phone, phoneBrowser);
    await subscribe(laptop, laptopBrowser);
    expect((await settings(phone)).devices).toBe(2);

    expect((await ctx.inject({ method: 'POST', url: '/api/auth/logout', as: phone })).statusCode).toBe(204);
    expect(await subscriptionOf(phoneBrowser.endpoint)).toBeUndefined();
    expect(await subscriptionOf(laptopBrowser.endpoint)).toBeDefined();
    expect((await settings(laptop)).devices).toBe(1);
  });

  it('removes the subscription of a session signed out from the list of sessions', async () => {
    const phone = await createUser(ctx);
    const laptop = await signInAgain(phone);
    const browser = service.subscribe();
    await subscribe(laptop, browser);
    const ended = await ctx.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${await sessionIdOf(laptop)}`,
      as: phone,
    });
    expect(ended.statusCode).toBe(204);
    expect(await subscriptionOf(browser.endpoint)).toBeUndefined();
  });

  it('removes every subscription of a deleted account, and their queued pushes', async () => {
    const member = await createUser(ctx);
    const laptop = await signInAgain(member);
    const [a, b] = [service.subscribe(), service.subscribe()];
    await subscribe(member, a);
    await subscribe(laptop, b);
    const { id } = (await subscriptionOf(a.endpoint))!;
    await ctx.db
      .insertInto('push_queue')
      .values({ subscription_id: id, user_id: member.id, kind: 'messages', payload: '{}', urgency: 'high' })
      .execute();

    const res = await ctx.inject({
      method: 'POST',
      url: '/api/account/delete',
      as: member,
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(204);
    expect(await subscriptionOf(a.endpoint)).toBeUndefined();
    expect(await subscriptionOf(b.endpoint)).toBeUndefined();
    expect(await ctx.db.selectFrom('push_queue').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
  });

  it('lists the push routes in the API reference', async () => {
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(doc.paths['/api/push/settings']!)).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(Object.keys(doc.paths['/api/push/subscriptions']!)).toEqual(expect.arrayContaining(['post', 'delete']));
  });
});
