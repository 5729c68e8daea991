import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, PASSWORD } from '../../../test/factories.js';

const WINDOW_MS = 1500;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({
    rateLimits: {
      enabled: true,
      loginPerIp: { max: 8, windowMs: WINDOW_MS },
      loginPerAccount: { max: 3, windowMs: WINDOW_MS },
      registerPerIp: { max: 2, windowMs: WINDOW_MS },
    },
  });
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password }, remoteAddress: ip });

describe('login and registration limits', () => {
  it('stops guessing on one account with 429 and Retry-After; the owner gets in once the window passes', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
    // A different address does not help: the limit is per account too.
    const limited = await login(user.email, PASSWORD, '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ detail: TEXTS.tooManyRequests, code: 'RATE_LIMITED' });
    await new Promise((r) => setTimeout(r, WINDOW_MS + 200));
    expect((await login(user.email, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const ip = '10.2.0.1';
    const codes = [];
    for (let i = 0; i < 9; i++) codes.push((await login(`someone${i}@example.com`, 'whatever-pass', ip)).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes[8]).toBe(429);
    // Another address is unaffected.
    expect((await login('someone@example.com', 'whatever-pass', '10.2.0.2')).statusCode).toBe(401);
  });

  it('limits registrations per address', async () => {
    const ip = '10.3.0.1';
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
