import { isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEXTS } from '@gardenswap/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { signInAttemptsMail } from '../mail/templates/sign-in-attempts.mail.js';

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
type Counted = Extract<Awaited<ReturnType<Counter>>, { isAllowed: false }>;

/** 429 with Retry-After, in the given words. */
export const tooMany = (ttlMs: number, detail: string = TEXTS.tooManyRequests) =>
  new AppError('RATE_LIMITED', detail, 429, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

export function counter(app: FastifyInstance, name: string, limit: Limit, key: (r: FastifyRequest) => string): Counter {
  return app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
}

/** The counter has used its whole budget: `current >= max`. */
export const spent = (state: Awaited<ReturnType<Counter>>): state is Counted =>
  !state.isAllowed && state.remaining <= 0;

/**
 * The client's address as the limits count it. An IPv6 subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would hand a guesser 2^64 fresh ones (the rate-limit plugin's
 * own keys do the same).
 */
function addressOf(request: FastifyRequest): string {
  const ip = request.ip;
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // '::' stands for every group not written; a dotted IPv4 tail fills two.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0');
  const prefix = [...left, ...zeros, ...right].slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}

const accountOf = (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
};

/** The member behind the e-mail a login names, when there is one. */
export interface LoginAccount {
  id: number;
  username: string;
}

export interface LoginLimits {
  /**
   * Before checking a password: 429 once this address has failed too often, across accounts or on
   * this one; a wait of a few seconds while the account is in a burst of failures.
   */
  check(request: FastifyRequest): Promise<void>;
  /** After a failed login: counts it; the member, if any, hears of a burst once per window. */
  recordFailure(request: FastifyRequest, member: LoginAccount | undefined): Promise<void>;
}

/**
 * Failed logins are counted three ways. One address is refused after a few failures on one
 * account, or after many across accounts; the account itself is never refused, so nobody can lock
 * a member out. Failures on one account from all addresses together make a burst: from then on
 * every login on it, right password or wrong, waits a few seconds (never refused), so guessing
 * from many addresses costs time per guess, and the member is told by e-mail. A login on an account
 * nobody is attacking costs nothing. The counters live in Redis when scaled out, so the limits
 * hold across instances.
 */
export function loginLimits(app: FastifyInstance): LoginLimits {
  const { enabled, loginPerIp, loginPerAccount, loginBurstPerAccount, loginBurstDelayMs } = app.config.rateLimits;
  if (!enabled) return { check: async () => {}, recordFailure: async () => {} };
  const perAddress = counter(app, 'login-ip', loginPerIp, addressOf);
  // A space is in neither an address nor an e-mail, so no two pairs share a key.
  const perAddressOnAccount = counter(
    app,
    'login-account-ip',
    loginPerAccount,
    (r) => `${addressOf(r)} ${accountOf(r)}`,
  );
  const perAccount = counter(app, 'login-account', loginBurstPerAccount, accountOf);

  async function tellMember(request: FastifyRequest, member: LoginAccount | undefined, state: Counted) {
    const email = accountOf(request);
    // Signed for unknown e-mails too, so the answer takes as long whether the account exists or
    // not; the notice itself carries no unsubscribe link (nor List-Unsubscribe header).
    await app.mailer.unsubscribeUrl({ email }, 'matches');
    if (!member) return;
    const now = Date.now();
    await app.mailer.send({
      to: email,
      ...(await signInAttemptsMail({
        username: member.username,
        attempts: state.max - state.remaining,
        from: new Date(now - Math.max(0, state.timeWindow - state.ttl)),
        to: new Date(now),
        signInUrl: `${app.config.publicOrigin}/login`,
      })),
    });
  }

  return {
    async check(request) {
      const [address, pair, account] = await Promise.all([
        perAddress(request, { increment: false }),
        perAddressOnAccount(request, { increment: false }),
        perAccount(request, { increment: false }),
      ]);
      for (const state of [address, pair]) if (spent(state)) throw tooMany(state.ttl);
      // Awaited, not busy: the event loop serves everyone else meanwhile.
      if (spent(account)) await sleep(loginBurstDelayMs);
    },
    async recordFailure(request, member) {
      const [, , account] = await Promise.all([perAddress(request), perAddressOnAccount(request), perAccount(request)]);
      // The counter is atomic (in Redis too): only the failure that brings it exactly to the
      // burst sees this, so the member gets one e-mail per window, not one per failure.
      if (spent(account) && !account.isExceeded) await tellMember(request, member, account);
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

/**
 * "Forgot password" requests are counted per client address and per e-mail address named; every
 * request counts, known address or not, so the limit itself tells nothing about who is a member.
 */
export function passwordResetLimit(app: FastifyInstance) {
  const { enabled, passwordResetPerIp, passwordResetPerAccount } = app.config.rateLimits;
  if (!enabled) return async () => {};
  const perAddress = counter(app, 'reset-ip', passwordResetPerIp, addressOf);
  const perAccount = counter(app, 'reset-account', passwordResetPerAccount, (r) => {
    const body = r.body as { email?: unknown } | undefined;
    return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  });
  return async (request: FastifyRequest) => {
    const states = await Promise.all([perAddress(request), perAccount(request)]);
    for (const state of states) if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl);
  };
}
