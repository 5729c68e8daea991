import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Limit } from '../../config.js';

const accountOf = (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
};

function limiter(app: FastifyInstance, name: string, limit: Limit, key: (r: FastifyRequest) => string) {
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
}

/**
 * Login is limited per client address and per account, so neither a single address nor a
 * botnet can try many passwords for one member. Shared through Redis when scaled out.
 */
export function loginLimits(app: FastifyInstance): preHandlerHookHandler[] {
  const { enabled, loginPerIp, loginPerAccount } = app.config.rateLimits;
  if (!enabled) return [];
  return [
    limiter(app, 'login-ip', loginPerIp, (r) => r.ip),
    limiter(app, 'login-account', loginPerAccount, accountOf),
  ];
}

/** Registration is limited per client address. */
export function registerLimits(app: FastifyInstance): preHandlerHookHandler[] {
  const { enabled, registerPerIp } = app.config.rateLimits;
  return enabled ? [limiter(app, 'register-ip', registerPerIp, (r) => r.ip)] : [];
}
