import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A counter's state as @fastify/rate-limit reads it. */
export interface CounterState {
  current: number;
  ttl: number;
}

type Done = (error: Error | null, state?: CounterState) => void;

/** The store interface of @fastify/rate-limit: `read` serves `{ increment: false }`. */
export interface CounterStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): CounterStore;
}

/** What the plugin hands a store: its global options, or a route's merged ones for `child`. */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** A route's (or a `createRateLimit` call's) options: the Redis store names its keys after the route. */
type RouteParams = StoreParams & { routeInfo?: { method?: string; url?: string } };

// The plugin's own two stores, so counting behaves exactly as it does without this wrapper.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
) => CounterStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => CounterStore;

export interface ResilientStoreOptions {
  /** Prefix of every key the counters keep in Redis. */
  nameSpace: string;
  /** How long a count waits for Redis before this instance counts it in memory instead. */
  timeoutMs?: number;
  /** While counting in memory, how often Redis is asked whether it answers again. */
  probeEveryMs?: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface ResilientRateLimitStore {
  /** The class for @fastify/rate-limit's `store` option. */
  Store: (new (params: StoreParams) => CounterStore) & FastifyRateLimitStoreCtor;
  /** False while the counters live in this instance's memory. */
  usingRedis(): boolean;
  /** Stops asking Redis whether it is back (the app is closing). */
  close(): void;
}

/**
 * Rate-limit counters in Redis, shared by every instance, for as long as Redis answers. When it
 * errs, is not connected, or does not answer within `timeoutMs` (a hung server), every count goes
 * to this instance's memory instead: the limits keep holding, per instance, rather than failing
 * every request with 500 or letting everything through. Redis is pinged every `probeEveryMs`
 * meanwhile, and the counters go back to it as soon as it answers. One log line per change.
 */
export function resilientRateLimitStore(redis: Redis, options: ResilientStoreOptions): ResilientRateLimitStore {
  const { nameSpace, timeoutMs = 300, probeEveryMs = 1000, log } = options;
  let inMemorySince: number | undefined;
  let probe: NodeJS.Timeout | undefined;
  let probing = false;

  function fallBack(reason: Error | string) {
    if (inMemorySince !== undefined) return;
    inMemorySince = Date.now();
    log.warn(
      typeof reason === 'string' ? { reason } : { err: reason },
      'Redis does not answer: rate limits are counted in this instance’s memory until it does',
    );
    probe = setInterval(askRedis, probeEveryMs);
    probe.unref();
  }

  function askRedis() {
    if (probing || redis.status !== 'ready') return;
    probing = true;
    // A hung Redis never answers: let the next tick ask again rather than wait on this one.
    const giveUp = setTimeout(() => (probing = false), timeoutMs);
    redis.ping((error) => {
      clearTimeout(giveUp);
      probing = false;
      if (error || inMemorySince === undefined) return;
      log.info({ inMemoryMs: Date.now() - inMemorySince }, 'Redis answers again: rate limits are counted in Redis');
      inMemorySince = undefined;
      clearInterval(probe);
    });
  }

  /** Runs the count in Redis when it is in use and answers in time, else in memory; `done` once. */
  function count(inRedis: (done: Done) => void, inMemory: (done: Done) => void, done: Done) {
    if (inMemorySince !== undefined) return inMemory(done);
    // A client that is not connected would queue the command or fail it; either way, do not wait.
    if (redis.status !== 'ready') {
      fallBack(`the Redis connection is ${redis.status}`);
      return inMemory(done);
    }
    let settled = false;
    const late = setTimeout(() => {
      settled = true;
      fallBack(`Redis did not answer within ${timeoutMs} ms`);
      inMemory(done);
    }, timeoutMs);
    inRedis((error, state) => {
      if (settled) return;
      clearTimeout(late);
      if (!error) return done(null, state);
      fallBack(error);
      inMemory(done);
    });
  }

  class ResilientStore implements CounterStore {
    private readonly shared: CounterStore;
    private readonly memory: CounterStore;

    constructor(params: StoreParams, shared?: CounterStore) {
      this.shared = shared ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.memory = new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, done: Done, timeWindow: number, max: number) {
      count(
        (d) => this.shared.incr(key, d, timeWindow, max),
        (d) => this.memory.incr(key, d, timeWindow, max),
        done,
      );
    }

    read(key: string, done: Done, timeWindow: number, max: number) {
      count(
        (d) => this.shared.read(key, d, timeWindow, max),
        (d) => this.memory.read(key, d, timeWindow, max),
        done,
      );
    }

    child(routeOptions: RouteParams) {
      // A route's counters are named after it; a counter made in code names its keys itself (the
      // plugin's own child would name those `undefinedundefined`).
      const { method, url } = routeOptions.routeInfo ?? {};
      const prefix = method && url ? `${nameSpace}${method}${url}-` : nameSpace;
      const shared = new RedisStore(routeOptions.continueExceeding, routeOptions.exponentialBackoff, redis, prefix);
      return new ResilientStore(routeOptions, shared);
    }
  }

  return {
    // The plugin's types leave out `read` and the `routeInfo` it hands `child`.
    Store: ResilientStore as unknown as ResilientRateLimitStore['Store'],
    usingRedis: () => inMemorySince === undefined,
    close: () => clearInterval(probe),
  };
}
