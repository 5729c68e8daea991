import type { AddressInfo } from 'node:net';
import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('answers ok while the database is up, without a session', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: 'up' });
  });

  it('answers 503 with Retry-After and the error body when the database is away', async () => {
    await ctx.db.destroy();
    const res = await ctx.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toEqual({ detail: TEXTS.unavailable, code: 'SERVICE_UNAVAILABLE', ok: false, db: 'down' });
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('answers both 200 without a session while all is well', async () => {
    const live = await ctx.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await ctx.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, db: 'up' });
  });

  it('is not ready while the database is away, yet still live', async () => {
    await ctx.db.destroy();
    const ready = await ctx.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toMatch(/^\d+$/);
    expect(ready.json()).toEqual({ detail: TEXTS.unavailable, code: 'SERVICE_UNAVAILABLE', ok: false, db: 'down' });
    const live = await ctx.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});

describe('GET /api/health/ready once the app begins to close', () => {
  it('answers 503 while the shutdown drains, though the database still answers', async () => {
    // A shutdown step still under way (a sweep finishing, a lingering upload) holds the drain open.
    let finishDraining = () => {};
    const draining = new Promise<void>((resolve) => (finishDraining = resolve));
    let drainStarted = () => {};
    const started = new Promise<void>((resolve) => (drainStarted = resolve));
    const ctx = await buildTestApp(
      {},
      {
        beforeReady: (app) =>
          app.addHook('preClose', async () => {
            drainStarted();
            await draining;
          }),
      },
    );
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);

    const closed = ctx.close();
    await started;
    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({ detail: TEXTS.unavailable, code: 'SERVICE_UNAVAILABLE' });
    // Any other request is sent elsewhere the same way; the process is still alive.
    expect((await fetch(`${url}/api/listings/`)).status).toBe(503);
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    finishDraining();
    await closed;
  });
});
