import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sparePort, startRedis, type ThrowawayRedis } from '../../test/faults/services.js';
import { type CounterState, type CounterStore, resilientRateLimitStore } from './resilient-rate-limit-store.js';

// Each test talks to a Redis of its own on a spare port (crashed, frozen and restarted at will),
// never to the machine's shared one.

const WINDOW_MS = 60_000;
const MAX = 3;
const TIMEOUT_MS = 200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const incr = (store: CounterStore, key: string) =>
  new Promise<CounterState>((resolve, reject) =>
    store.incr(key, (error, state) => (error ? reject(error) : resolve(state!)), WINDOW_MS, MAX),
  );
const read = (store: CounterStore, key: string) =>
  new Promise<CounterState>((resolve, reject) =>
    store.read(key, (error, state) => (error ? reject(error) : resolve(state!)), WINDOW_MS, MAX),
  );

async function until(done: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await sleep(20);
  return done();
}

describe('the resilient rate-limit store', () => {
  let server: ThrowawayRedis;
  const opened: { redis: Redis; close(): void }[] = [];
  let nameSpace: string;
  let keyNo = 0;

  /** One instance's counters: its own connection and store, as each server process has. */
  async function instance(url = server.url) {
    const redis = new Redis(url, {
      retryStrategy: () => 100,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', () => {});
    const lines: { level: 'warn' | 'info'; message: string }[] = [];
    const log = {
      warn: (_fields: object, message: string) => lines.push({ level: 'warn', message }),
      info: (_fields: object, message: string) => lines.push({ level: 'info', message }),
    };
    const fallback = resilientRateLimitStore(redis, {
      nameSpace,
      timeoutMs: TIMEOUT_MS,
      probeEveryMs: 100,
      log: log as never,
    });
    opened.push({ redis, close: fallback.close });
    // As @fastify/rate-limit builds a limiter: the global store, then a child for its options.
    const store = new fallback.Store({}).child({ routeInfo: {} });
    await until(() => redis.status === 'ready' || url !== server.url, 5000);
    return { redis, store, lines, usingRedis: fallback.usingRedis };
  }

  const key = () => `login:${++keyNo}`;

  beforeAll(async () => {
    server = await startRedis();
  });
  afterEach(async () => {
    server.thaw();
    if (!server.pid()) await server.start();
    for (const { redis, close } of opened.splice(0)) {
      close();
      redis.disconnect();
    }
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('shares one count between instances while Redis answers', async () => {
    nameSpace = `rl-test-${process.pid}-shared-`;
    const [one, two] = [await instance(), await instance()];
    const k = key();
    expect((await incr(one.store, k)).current).toBe(1);
    expect((await incr(two.store, k)).current).toBe(2);
    expect((await incr(one.store, k)).current).toBe(3);
    expect((await read(two.store, k)).current).toBe(3);
    const [stored] = await one.redis.keys(`${nameSpace}*`);
    expect(stored).toBe(`${nameSpace}${k}`);
    expect(await one.redis.get(stored!)).toBe('3');
    expect(await one.redis.pttl(stored!)).toBeGreaterThan(WINDOW_MS - 5000);
    expect(one.usingRedis() && two.usingRedis()).toBe(true);
    expect([...one.lines, ...two.lines]).toEqual([]);
  });

  it("names a route's counters after its method and path", async () => {
    nameSpace = `rl-test-${process.pid}-route-`;
    const { redis } = await instance();
    const fallback = resilientRateLimitStore(redis, { nameSpace, log: { warn() {}, info() {} } as never });
    opened.push({ redis, close: fallback.close });
    const store = new fallback.Store({}).child({ routeInfo: { method: 'POST', url: '/api/reports' } });
    await incr(store, '203.0.113.7');
    expect(await redis.keys(`${nameSpace}*`)).toEqual([`${nameSpace}POST/api/reports-203.0.113.7`]);
  });

  it('counts in memory, and keeps refusing past the limit, when nothing listens where Redis should be', async () => {
    nameSpace = `rl-test-${process.pid}-dead-`;
    const { store, usingRedis } = await instance(`redis://127.0.0.1:${await sparePort()}`);
    const k = key();
    const started = Date.now();
    const counts: number[] = [];
    for (let i = 0; i < MAX + 2; i++) counts.push((await incr(store, k)).current);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    // Past MAX the limiter answers 429: counting goes on, it does not fail open.
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect((await read(store, k)).current).toBe(5);
    expect(usingRedis()).toBe(false);
  });

  it('moves to memory when Redis is killed and back to the shared count when it returns, logging each change once', async () => {
    nameSpace = `rl-test-${process.pid}-crash-`;
    const [one, two] = [await instance(), await instance()];
    const k = key();
    await incr(one.store, k);
    await server.crash();

    // Each instance counts on its own while Redis is gone, quickly, and still reaches the limit.
    const started = Date.now();
    const during = [];
    for (let i = 0; i < MAX + 1; i++) during.push((await incr(one.store, k)).current);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 2);
    expect(during).toEqual([1, 2, 3, 4]);
    expect((await incr(two.store, k)).current).toBe(1);
    expect(one.usingRedis()).toBe(false);

    await server.start();
    expect(await until(() => one.usingRedis() && two.usingRedis(), 5000)).toBe(true);
    // The restarted Redis kept nothing: both instances share a fresh count again.
    expect((await incr(one.store, k)).current).toBe(1);
    expect((await incr(two.store, k)).current).toBe(2);
    for (const { lines } of [one, two]) {
      expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
      expect(lines[0]!.message).toMatch(/memory/);
    }
  });

  it('answers within its timeout when Redis hangs, and returns to Redis when it wakes', async () => {
    nameSpace = `rl-test-${process.pid}-hung-`;
    const one = await instance();
    const k = key();
    expect((await incr(one.store, k)).current).toBe(1);
    server.freeze();

    const first = Date.now();
    expect((await incr(one.store, k)).current).toBe(1);
    const firstMs = Date.now() - first;
    expect(firstMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(firstMs).toBeLessThan(TIMEOUT_MS + 150);
    // Once Redis has not answered, the next counts do not wait on it at all.
    const next = Date.now();
    expect((await incr(one.store, k)).current).toBe(2);
    expect(Date.now() - next).toBeLessThan(50);

    server.thaw();
    expect(await until(() => one.usingRedis(), 5000)).toBe(true);
    // Counted in Redis again: the count it answers is the one it stores.
    const after = await incr(one.store, k);
    const [stored] = await one.redis.keys(`${nameSpace}*`);
    expect(stored).toBe(`${nameSpace}${k}`);
    expect(Number(await one.redis.get(stored!))).toBe(after.current);
    expect(one.lines.map((l) => l.level)).toEqual(['warn', 'info']);
  });
});
