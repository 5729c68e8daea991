import { randomBytes } from 'node:crypto';
import type { SendMessageAck } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectTab, type Tab } from '../sockets.js';
import { type ServerProcess, startServer } from './server-process.js';
import {
  hasPostgresBinaries,
  startPostgres,
  startRedis,
  type ThrowawayPostgres,
  type ThrowawayRedis,
} from './services.js';

// Two real server processes share a throwaway PostgreSQL and a throwaway Redis, with the rate
// limits on. Redis is killed (kill -9) and brought back on the same port, then hung (SIGSTOP) and
// woken: neither process may exit, each keeps serving HTTP and chat between its own sockets, the
// login limits keep refusing (counted in each instance's memory), and chat crosses instances again
// within 10 s of Redis answering again.

const PASSWORD = 'correct horse 42';
const RECOVERY_MS = 10_000;
/** The process used to die about two seconds after Redis went away: outlive that with room to spare. */
const OUTLIVE_MS = 3000;
/** Production's per-account budget of failed logins from one address (config.ts). */
const LOGIN_PER_ACCOUNT = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(20);
  return done();
}

interface Member {
  id: number;
  email: string;
  token: string;
}

describe.skipIf(!hasPostgresBinaries())('two instances while Redis goes away and comes back', () => {
  let postgres: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  let one: ServerProcess;
  let two: ServerProcess;
  const exits: string[] = [];
  const sockets: ClientSocket[] = [];
  const members: Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin', Member> = {} as never;
  const figures: Record<string, string> = {};

  const post = (server: ServerProcess, path: string, body: unknown, token?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
  const login = (server: ServerProcess, email: string, password = PASSWORD) =>
    post(server, '/api/auth/login', { username: email, password });
  const marketplace = (server: ServerProcess, token: string) =>
    fetch(`${server.url}/api/listings/?public=true`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });

  const tab = (server: ServerProcess, member: Member) => connectTab(server.url, member.token, sockets);

  const send = (from: Tab, to: Member, content: string) =>
    new Promise<SendMessageAck>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error(`no acknowledgement for "${content}"`)), 5000);
      from.socket.emit('send_message', { receiver_id: to.id, content }, (ack) => {
        clearTimeout(late);
        resolve(ack);
      });
    });
  const sent = async (from: Tab, to: Member, content: string) => {
    const ack = await send(from, to, content);
    if (!ack.ok) throw new Error(`send_message answered ${ack.code}: ${ack.detail}`);
    return ack.message;
  };
  const got = (tab: Tab, content: string) => () => tab.received.some((m) => m.content === content);

  /** Both processes run, and neither met a rejection nobody handled (even one a handler kept from ending it). */
  const bothUp = () => {
    expect(exits).toEqual([]);
    for (const server of [one, two]) {
      expect(server.child.exitCode ?? server.child.signalCode).toBeNull();
      expect(server.output()).not.toMatch(/unhandled/i);
    }
  };

  /**
   * Sends from instance one to a member on instance two until one arrives, rotating senders so the
   * message budget never refuses; answers how long it took.
   */
  async function crossInstanceDelivery(senders: Tab[], receiver: Tab, to: Member, label: string) {
    const started = Date.now();
    for (let i = 0; Date.now() - started < RECOVERY_MS + 2000; i++) {
      const content = `${label} ${i}`;
      await sent(senders[i % senders.length]!, to, content);
      if (await until(got(receiver, content), 400)) return Date.now() - started;
    }
    return Infinity;
  }

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const env = {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      RATE_LIMITS: 'on',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      UPLOADS_STORE: 'database',
    };
    // One after the other: the first migrates the empty database.
    one = await startServer(env);
    two = await startServer(env);
    for (const [name, server] of [
      ['instance one', one],
      ['instance two', two],
    ] as const) {
      void server.exit().then(({ code, signal }) => exits.push(`${name} exited (${code ?? signal})`));
    }
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin'] as const) {
      const email = `${name}-${process.pid}@example.com`;
      const res = await post(one, '/api/auth/register', {
        email,
        password: PASSWORD,
        first_name: name,
        last_name: 'Gardener',
        username: `${name}_${process.pid}`,
      });
      expect(res.status).toBe(201);
      const session = (await (await login(one, email)).json()) as { access_token: string; user: { id: number } };
      members[name] = { id: session.user.id, email, token: session.access_token };
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([one?.stop(), two?.stop()]);
    await Promise.all([redis?.destroy(), postgres?.destroy()]);
    if (Object.keys(figures).length) console.log(`Redis drill figures:\n  ${Object.values(figures).join('\n  ')}`);
  });

  it('survives kill -9 of Redis: serves, chats and limits per instance, and crosses instances again once it is back', async () => {
    const { alice, bob, carol, dave, erin } = members;
    const aliceOnOne = await tab(one, alice);
    const carolOnOne = await tab(one, carol);
    const daveOnOne = await tab(one, dave);
    const bobOnTwo = await tab(two, bob);
    const erinOnTwo = await tab(two, erin);
    await sent(aliceOnOne, bob, 'before the outage');
    expect(await until(got(bobOnTwo, 'before the outage'), 5000)).toBe(true);

    await redis.crash();
    const crashedAt = Date.now();

    // Chat between two sockets of one instance, on both instances, the way that used to kill it.
    await sent(aliceOnOne, carol, 'while Redis is gone, on one');
    await sent(bobOnTwo, erin, 'while Redis is gone, on two');
    // Across instances it is stored, and pushed once Redis is back.
    await sent(aliceOnOne, bob, 'while Redis is gone, across');
    expect(await until(got(carolOnOne, 'while Redis is gone, on one'), 2000)).toBe(true);
    expect(await until(got(erinOnTwo, 'while Redis is gone, on two'), 2000)).toBe(true);
    figures.local = `same-instance chat delivered ${Date.now() - crashedAt} ms after the crash`;

    // HTTP, including the right password, which used to answer 500 from the rate limiter.
    for (const [name, server] of [
      ['one', one],
      ['two', two],
    ] as const) {
      expect((await marketplace(server, alice.token)).status).toBe(200);
      const started = Date.now();
      expect((await login(server, erin.email)).status).toBe(200);
      figures[`login ${name}`] = `login on instance ${name} with Redis gone took ${Date.now() - started} ms`;
    }

    // The per-account limit still refuses, counted in this instance's memory: it does not fail open.
    for (let i = 0; i < LOGIN_PER_ACCOUNT; i++)
      expect((await login(one, dave.email, 'wrong password')).status).toBe(401);
    const refused = await login(one, dave.email, 'wrong password');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await login(one, dave.email)).status).toBe(429);

    // Logging out drops that session's sockets on this instance, though Redis cannot tell the others.
    const session = (await (await login(one, carol.email)).json()) as { access_token: string };
    const carolSecondTab = await tab(one, { ...carol, token: session.access_token });
    const dropped = new Promise<string>((resolve) => carolSecondTab.socket.once('disconnect', resolve));
    expect((await post(one, '/api/auth/logout', {}, session.access_token)).status).toBe(204);
    expect(await Promise.race([dropped, sleep(2000).then(() => 'still open')])).toBe('io server disconnect');

    await sleep(Math.max(0, OUTLIVE_MS - (Date.now() - crashedAt)));
    bothUp();

    await redis.start();
    const recovery = await crossInstanceDelivery(
      [aliceOnOne, carolOnOne, daveOnOne],
      bobOnTwo,
      bob,
      'after the restart',
    );
    figures.recovery = `cross-instance chat delivered again ${recovery} ms after Redis restarted`;
    expect(recovery).toBeLessThan(RECOVERY_MS);
    expect(await until(got(bobOnTwo, 'while Redis is gone, across'), RECOVERY_MS)).toBe(true);
    expect(bobOnTwo.received.filter((m) => m.content === 'while Redis is gone, across')).toHaveLength(1);
    expect(aliceOnOne.received.filter((m) => m.content === 'while Redis is gone, across')).toHaveLength(1);
    figures.missed = `the message sent across during the outage arrived ${Date.now() - crashedAt} ms after the crash`;
    // And the other way round.
    await sent(bobOnTwo, alice, 'back from two');
    expect(await until(got(aliceOnOne, 'back from two'), 2000)).toBe(true);

    // The rate limits count in Redis again: failures on one instance count on the other.
    const back = (s: ServerProcess) => s.output().includes('rate limits are counted in Redis');
    expect(await until(() => back(one) && back(two), 5000)).toBe(true);
    for (let i = 0; i < LOGIN_PER_ACCOUNT; i++) {
      expect((await login(i % 2 ? two : one, erin.email, 'wrong password')).status).toBe(401);
    }
    expect((await login(two, erin.email, 'wrong password')).status).toBe(429);

    // One line each way per instance, not one per request.
    for (const server of [one, two]) {
      expect(server.output().match(/Redis does not answer/g)).toHaveLength(1);
      expect(server.output().match(/rate limits are counted in Redis/g)).toHaveLength(1);
      expect(server.output().match(/chat reaches only this instance/g)).toHaveLength(1);
      expect(server.output().match(/chat reaches every instance again/g)).toHaveLength(1);
    }
    bothUp();
  });

  it('rides through a hung Redis (SIGSTOP): serves and chats locally without waiting on it, crosses again when it wakes', async () => {
    const { alice, bob, carol } = members;
    const aliceOnOne = await tab(one, alice);
    const carolOnOne = await tab(one, carol);
    const bobOnTwo = await tab(two, bob);
    await sent(aliceOnOne, bob, 'before the hang');
    expect(await until(got(bobOnTwo, 'before the hang'), 5000)).toBe(true);

    redis.freeze();
    try {
      const started = Date.now();
      await sent(aliceOnOne, carol, 'while Redis hangs');
      expect(await until(got(carolOnOne, 'while Redis hangs'), 2000)).toBe(true);
      figures.hungChat = `same-instance chat with Redis hung delivered in ${Date.now() - started} ms`;
      for (const [name, server] of [
        ['one', one],
        ['two', two],
      ] as const) {
        expect((await marketplace(server, alice.token)).status).toBe(200);
        const loginStarted = Date.now();
        expect((await login(server, alice.email)).status).toBe(200);
        const loginMs = Date.now() - loginStarted;
        figures[`hung login ${name}`] = `login on instance ${name} with Redis hung took ${loginMs} ms`;
        // A count waits a few hundred milliseconds for Redis at most, then goes to memory.
        expect(loginMs).toBeLessThan(2000);
      }
      await sleep(1000);
      bothUp();
    } finally {
      redis.thaw();
    }
    const recovery = await crossInstanceDelivery([aliceOnOne, carolOnOne], bobOnTwo, bob, 'after the hang');
    figures.hungRecovery = `cross-instance chat delivered again ${recovery} ms after Redis woke`;
    expect(recovery).toBeLessThan(RECOVERY_MS);
    bothUp();
  });
});
