import { ACCOUNT_TEXTS } from '@gardenswap/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { me } from '../../plugins/auth.js';
import { counter, spent, tooMany } from './auth.limits.js';

const memberOf = (request: FastifyRequest) => String(me(request).id);

/**
 * Wrong current passwords (changing the password or the e-mail) are counted per member: once they
 * have given too many, every try is refused until the window ends, right password or wrong, so a
 * session someone else got hold of cannot be used to guess the password behind it.
 */
export function currentPasswordLimit(app: FastifyInstance) {
  const { enabled, currentPasswordPerAccount } = app.config.rateLimits;
  if (!enabled) return { check: async () => {}, recordFailure: async () => {} };
  const count = counter(app, 'current-password', currentPasswordPerAccount, memberOf);
  return {
    async check(request: FastifyRequest) {
      const state = await count(request, { increment: false });
      if (spent(state)) throw tooMany(state.ttl);
    },
    async recordFailure(request: FastifyRequest) {
      await count(request);
    },
  };
}

/** E-mails with a confirmation link are counted per member, whichever address they go to. */
export function confirmationLinkLimit(app: FastifyInstance) {
  const { enabled, confirmationLinksPerAccount } = app.config.rateLimits;
  if (!enabled) return async () => {};
  const count = counter(app, 'confirmation-links', confirmationLinksPerAccount, memberOf);
  return async (request: FastifyRequest) => {
    const state = await count(request);
    if (!state.isAllowed && state.isExceeded) throw tooMany(state.ttl, ACCOUNT_TEXTS.tooManyLinks);
  };
}
