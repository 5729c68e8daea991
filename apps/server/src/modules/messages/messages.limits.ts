import { TEXTS } from '@gardenswap/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Limit } from '../../config.js';
import { AppError } from '../../lib/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** One sending budget per member, spent by POST /messages and send_message alike. */
    messageBudget: MessageBudget;
  }
}

export interface MessageBudget {
  /**
   * Counts one message against the sender's budget; throws 429 RATE_LIMITED, with the
   * seconds to wait as Retry-After, when the burst or the steady budget is spent.
   */
  spend(senderId: number): Promise<void>;
}

/**
 * All the limiter reads of a request: the key, through our keyGenerator, and the route's
 * options, where it looks for a group id. A socket send has no request, and both ways of
 * sending must land on one key, so the counters are handed just this.
 */
interface KeyOnly {
  routeOptions: object;
  budgetKey: string;
}

function counter(app: FastifyInstance, name: string, limit: Limit) {
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => (request as unknown as KeyOnly).budgetKey,
  });
  return (senderId: number) => {
    const keyOnly: KeyOnly = { routeOptions: {}, budgetKey: `${name}:${senderId}` };
    return count(keyOnly as unknown as FastifyRequest);
  };
}

const tooFast = (ttlMs: number) =>
  new AppError('RATE_LIMITED', TEXTS.messagesTooFast, 429, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

/**
 * Two windows per sender: a short one that lets a person type a few lines in a row but stops
 * a flood at once, and a long one that holds a sender who paces a script under the short one.
 * The counts live in Redis when REDIS_URL is set, so the budget holds across instances.
 */
export function messageBudget(app: FastifyInstance): MessageBudget {
  const { enabled, messageBurst, messageSteady } = app.config.rateLimits;
  if (!enabled) return { spend: async () => {} };
  const windows = [counter(app, 'message-burst', messageBurst), counter(app, 'message-steady', messageSteady)];
  return {
    async spend(senderId) {
      // Count first and decide on the count it answers, never look and then count: sends that
      // race (one socket may emit many at once, instances share Redis) each get their own number.
      // A send the burst window refuses stops there, so it costs nothing of the steady budget.
      for (const count of windows) {
        const state = await count(senderId);
        if (!state.isAllowed && state.isExceeded) throw tooFast(state.ttl);
      }
    },
  };
}

/** Decorates the app with the one message budget, so HTTP and the socket share its counters. */
export const messageBudgetPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('messageBudget', messageBudget(app));
  },
  { name: 'message-budget' },
);
