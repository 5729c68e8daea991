import { TEXTS } from '@gardenswap/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

type Counter = ReturnType<FastifyInstance['createRateLimit']>;

const tooMany = (ttlMs: number) =>
  new AppError('RATE_LIMITED', TEXTS.tooManyRequests, 429, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

function counter(app: FastifyInstance, name: string, limit: Limit, key: (r: FastifyRequest) => string): Counter {
  return app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
}

/** Throws 429 (with Retry-After) when any counter has used its budget; counts nothing itself. */
async function refuseWhenSpent(counters: Counter[], request: FastifyRequest) {
  for (const count of counters) {
    const state = await count(request, { increment: false });
    if (!state.isAllowed && state.remaining <= 0) throw tooMany(state.ttl);
  }
}

const accountOf = (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
};

export interface LoginLimits {
  /** Before checking a password: 429 once this address or this account has failed too often. */
  check(request: FastifyRequest): Promise<void>;
  /** After a failed login: counts it against the address and the account. */
  recordFailure(request: FastifyRequest): Promise<void>;
}

/**
 * Failed logins are limited per client address and per account, so neither one address nor
 * many can keep guessing one member's password; successful logins cost nothing. The counters
 * live in Redis when scaled out, so the limit holds across instances.
 */
export function loginLimits(app: FastifyInstance): LoginLimits {
  const { enabled, loginPerIp, loginPerAccount } = app.config.rateLimits;
  if (!enabled) return { check: async () => {}, recordFailure: async () => {} };
  const counters = [
    counter(app, 'login-ip', loginPerIp, (r) => r.ip),
    counter(app, 'login-account', loginPerAccount, accountOf),
  ];
  return {
    check: (request) => refuseWhenSpent(counters, request),
    async recordFailure(request) {
      await Promise.all(counters.map((count) => count(request)));
    },
  };
}

/** Registrations are limited per client address; every attempt counts. */
export function registerLimit(app: FastifyInstance) {
  const { enabled, registerPerIp } = app.config.rateLimits;
  if (!enabled) return async () => {};
  const count = counter(app, 'register-ip', registerPerIp, (r) => r.ip);
  return async (request: FastifyRequest) => {
    const state = await count(request);
    if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl);
  };
}
