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
