import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app.js';
import { createUser } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp(
    {},
    {
      // A route that fails unexpectedly, to prove nothing of the failure leaks out.
      beforeReady: (app) =>
        app.get('/api/test-explodes', async () => {
          throw new Error('secret internals at /srv/app.ts:42');
        }),
    },
  );
});
afterAll(() => ctx.close());

describe('the one error body', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: TEXTS.malformed, code: 'BAD_REQUEST' });
  });

  it('answers an unknown API path with 404, signed in or not', async () => {
    const user = await createUser(ctx);
    for (const as of [undefined, user]) {
      const res = await ctx.inject({ method: 'GET', url: '/api/no-such-thing', as });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: TEXTS.notFound, code: 'NOT_FOUND' });
    }
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an oversized JSON body with 413', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unexpected failure with a generic 500 and no stack or message', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/test-explodes' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: TEXTS.internal, code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
  });

  it('sets the security headers on every answer', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('keeps CORS closed unless origins are configured', async () => {
    const res = await ctx.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
