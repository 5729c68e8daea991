import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { connect, head, listenLocally, watch } from '../../test/raw-http.js';

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

describe('the one error body for what never reaches a route', () => {
  it('answers a URL that cannot be decoded with 400', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/listings/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: TEXTS.urlMalformed, code: 'BAD_REQUEST' });
  });

  it('refuses a NUL character in a body or a query with 400, on both databases alike', async () => {
    const user = await createUser(ctx);
    const answers = await Promise.all([
      ctx.inject({
        method: 'POST',
        url: '/api/listings/want-listings',
        as: user,
        payload: { title: 'Basil\u0000seedlings', category_id: 3 },
      }),
      ctx.inject({ method: 'GET', url: '/api/auth/users?q=ba%00sil', as: user }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: TEXTS.textHasNul, code: 'BAD_REQUEST' });
    }
  });
});

describe('the one error body from the bare socket', () => {
  let port: number;
  beforeAll(async () => {
    port = await listenLocally(ctx);
  });

  it('answers a request that is not HTTP with 400', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    socket.write('HELLO THERE\r\n\r\n');
    const res = await seen.answered;
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: TEXTS.requestUnreadable, code: 'BAD_REQUEST' });
    await seen.closed;
  });

  it('answers headers over the size limit with 431', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    socket.write(head('GET', '/api/health', { 'x-padding': 'a'.repeat(20_000) }));
    const res = await seen.answered;
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ detail: TEXTS.headersTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    await seen.closed;
  });

  it('ends the connection after refusing a request whose body has not arrived', async () => {
    const socket = await connect(port);
    const seen = watch(socket);
    // No session: 401 before the body is read; keeping the connection would mean reading it all.
    socket.write(head('POST', '/api/messages', { 'content-type': 'application/json', 'content-length': 1_000_000 }));
    const res = await seen.answered;
    expect(res.status).toBe(401);
    expect(res.headers.connection).toBe('close');
    await seen.closed;
  });
});
