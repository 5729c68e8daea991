import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ contactEmail: 'garden@slc.example' });
});
afterAll(() => ctx.close());

describe('GET /api/site', () => {
  it('gives the configured contact address to guests', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contact_email: 'garden@slc.example' });
  });
});
