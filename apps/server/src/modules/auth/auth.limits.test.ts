import { randomBytes, randomInt } from 'node:crypto';
import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { buildTestApp, createPgSchema, dialect, testConfig, type TestContext } from '../../../test/app.js';
import { createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { mailerOf } from '../mail/mailer.js';

const WINDOW_MS = 15 * 60_000;
const PAIR_MAX = 5;
const BURST = 10;
const ADDRESS_MAX = 20;
const DELAY_MS = 400;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    rateLimits: {
      enabled: true,
      loginPerIp: { max: ADDRESS_MAX, windowMs: WINDOW_MS },
      loginPerAccount: { max: PAIR_MAX, windowMs: WINDOW_MS },
      loginBurstPerAccount: { max: BURST, windowMs: WINDOW_MS },
      loginBurstDelayMs: DELAY_MS,
      registerPerIp: { max: 2, windowMs: WINDOW_MS },
    },
  });
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip: string) =>
  ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password }, remoteAddress: ip });

/** The answer and how long it took. */
async function timedLogin(email: string, password: string, ip: string) {
  const started = performance.now();
  const res = await login(email, password, ip);
  return { res, ms: performance.now() - started };
}

/** Wrong passwords on one account, `perAddress` from each address of `net` (x.y.z.1, .2, ...), all at once. */
async function fail(email: string, net: string, addresses: number, perAddress: number) {
  const attempts = [];
  for (let a = 1; a <= addresses; a++)
    for (let i = 0; i < perAddress; i++) attempts.push(login(email, 'wrong-password', `${net}.${a}`));
  const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
  expect(codes.every((c) => c === 401)).toBe(true);
}

async function mailsTo(email: string) {
  await mailerOf(ctx.app.server)!.idle();
  return ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).execute();
}

const outboxSize = async () => {
  await mailerOf(ctx.app.server)!.idle();
  return (await ctx.db.selectFrom('outbox').select('id').execute()).length;
};

describe('login limits', () => {
  it('refuses only the guessing address on that account, even with the right password; the member gets in from elsewhere', async () => {
    const [member, other] = [await createUser(ctx), await createUser(ctx)];
    await fail(member.email, '10.1.0', 1, PAIR_MAX);

    const refused = await login(member.email, PASSWORD, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ detail: TEXTS.tooManyRequests, code: 'RATE_LIMITED' });

    const fresh = await timedLogin(member.email, PASSWORD, '10.1.1.1');
    expect(fresh.res.statusCode).toBe(200);
    expect(fresh.res.json()).toMatchObject({ user: { id: member.id } });
    expect(fresh.ms).toBeLessThan(DELAY_MS);
    // The address is stopped on that account only.
    expect((await login(other.email, PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('lets the member in after 30 failures from many addresses, slowed like every login while the burst lasts', async () => {
    const member = await createUser(ctx);
    await fail(member.email, '10.2.0', 10, 3);

    const [right, wrong, quiet] = await Promise.all([
      timedLogin(member.email, PASSWORD, '10.2.1.1'),
      timedLogin(member.email, 'wrong-password', '10.2.1.2'),
      // Meanwhile a login on an account nobody attacks answers at once: the wait blocks no one.
      createUser(ctx).then((quietMember) => timedLogin(quietMember.email, PASSWORD, '10.2.1.3')),
    ]);
    expect(right.res.statusCode).toBe(200);
    expect(right.res.json()).toMatchObject({ user: { id: member.id } });
    expect(right.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual({ detail: TEXTS.badCredentials, code: 'UNAUTHORIZED' });
    expect(wrong.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
    expect(quiet.res.statusCode).toBe(200);
    expect(quiet.ms).toBeLessThan(DELAY_MS);
  });

  it('slows logins on an account from its burst of failures on, not before', async () => {
    const member = await createUser(ctx);
    await fail(member.email, '10.3.0', BURST - 1, 1);
    const before = await timedLogin(member.email, PASSWORD, '10.3.2.1');
    expect(before.res.statusCode).toBe(200);
    expect(before.ms).toBeLessThan(DELAY_MS);

    await fail(member.email, '10.3.3', 1, 1);
    const after = await timedLogin(member.email, PASSWORD, '10.3.2.1');
    expect(after.res.statusCode).toBe(200);
    expect(after.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
  });

  it('e-mails the member once per burst, with the count and no unsubscribe, even with e-mail notifications off', async () => {
    const member = await createUser(ctx);
    const off = await ctx.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: member,
      payload: { email_notifications: { matches: false, friend_requests: false, messages: false } },
    });
    expect(off.statusCode).toBe(200);
    await fail(member.email, '10.4.0', 2, PAIR_MAX);
    await fail(member.email, '10.4.1', 1, 4);

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Someone tried to sign in to your Gardenswap account');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(`${BURST} failed attempts`);
      expect(part).toContain('UTC');
      expect(part).toContain('None of them got in');
      expect(part).toContain('http://localhost:3000/login');
      expect(part).not.toMatch(/unsubscribe/i);
      // Nothing about where the attempts came from.
      expect(part).not.toContain('10.4.');
    }
  });

  it('mails nobody for an unknown e-mail, which is counted, slowed and answered like a member', async () => {
    const member = await createUser(ctx);
    const unknown = `nobody_${Date.now()}@example.com`;
    const mailsBefore = await outboxSize();
    await fail(unknown, '10.5.0', 3, 4);
    await fail(member.email, '10.5.1', 3, 4);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await outboxSize()).toBe(mailsBefore + 1);

    const [forUnknown, forMember] = await Promise.all([
      timedLogin(unknown, 'wrong-password', '10.5.2.1'),
      timedLogin(member.email, 'wrong-password', '10.5.2.2'),
    ]);
    expect(forUnknown.res.statusCode).toBe(401);
    expect(forUnknown.res.body).toBe(forMember.res.body);
    expect(forUnknown.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
    expect(forMember.ms).toBeGreaterThanOrEqual(DELAY_MS - 5);
  });

  it('refuses an address that failed on many accounts, and only that address', async () => {
    const member = await createUser(ctx);
    const ip = '10.6.0.1';
    for (let i = 0; i < ADDRESS_MAX; i++)
      expect((await login(`someone${i}@example.com`, 'whatever-pass', ip)).statusCode).toBe(401);
    const refused = await login(member.email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(member.email, PASSWORD, '10.6.0.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const member: TestUser = await createUser(ctx);
    for (let i = 1; i <= PAIR_MAX; i++)
      expect((await login(member.email, 'wrong-password', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expect((await login(member.email, PASSWORD, '2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await login(member.email, PASSWORD, '2001:0db8:0001:0002::abcd')).statusCode).toBe(429);
    expect((await login(member.email, PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('registration limits', () => {
  it('limits registrations per address', async () => {
    const ip = '10.9.0.1';
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: {
          email: `new${i}_${Date.now()}@example.com`,
          password: 'long-enough-1',
          first_name: 'A',
          last_name: 'B',
          username: `new_${i}_${Date.now()}`,
        },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 429]);
  });
});

// Two instances behind a load balancer count in one Redis (and mail from one database).
const scaledOut = dialect === 'postgres' && process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL;
(scaledOut ? describe : describe.skip)('login limits across two instances on one Redis', () => {
  let schema: Awaited<ReturnType<typeof createPgSchema>>;
  const instances: { app: App; cleanup(): Promise<void> }[] = [];

  beforeAll(async () => {
    schema = await createPgSchema();
    const jwtSecret = randomBytes(32).toString('base64url');
    for (let i = 0; i < 2; i += 1) {
      const { config, cleanup } = await testConfig({
        database: { kind: 'postgres', url: schema.url, schema: schema.schema },
        redisUrl: process.env.TEST_REDIS_URL,
        jwtSecret,
        rateLimits: {
          enabled: true,
          loginPerIp: { max: ADDRESS_MAX, windowMs: 60_000 },
          loginPerAccount: { max: PAIR_MAX, windowMs: 60_000 },
          loginBurstPerAccount: { max: BURST, windowMs: 60_000 },
          loginBurstDelayMs: DELAY_MS,
        },
      });
      instances.push({ app: await buildApp(config), cleanup });
    }
  });

  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    for (const instance of instances) await instance.cleanup();
    await schema?.drop();
  });

  it('sends one e-mail for a burst spread over both instances, and slows logins on both', async () => {
    const [one, two] = instances.map((i) => i.app) as [App, App];
    const member = await createUser({ db: one.db, config: one.config });
    // Every run counts in the same Redis: addresses of their own keep runs apart.
    const net = `10.${randomInt(256)}.${randomInt(256)}`;
    const attempt = (app: App, password: string, host: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: member.email, password },
        remoteAddress: `${net}.${host}`,
      });
    const failures = await Promise.all(
      Array.from({ length: BURST + 4 }, (_, i) => attempt(i % 2 ? one : two, 'wrong-password', i % 4)),
    );
    expect(failures.every((r) => r.statusCode === 401)).toBe(true);

    for (const app of [one, two]) {
      const started = performance.now();
      expect((await attempt(app, PASSWORD, 200)).statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 5);
    }
    await Promise.all([mailerOf(one.server)!.idle(), mailerOf(two.server)!.idle()]);
    const mails = await one.db.selectFrom('outbox').selectAll().where('to_address', '=', member.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${BURST} failed attempts`);
  });
});
