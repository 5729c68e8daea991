import { PASSWORD_MIN, USERNAME_PATTERN } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('API reference', () => {
  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const register = doc.paths['/api/auth/register'].post;
    const body = register.requestBody.content['application/json'].schema;
    // The shared zod schema is the source: its fields and limits appear as they are.
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password', 'first_name', 'last_name', 'username']));
    expect(body.properties.password.minLength).toBe(PASSWORD_MIN);
    expect(body.properties.username.pattern).toBe(USERNAME_PATTERN.source);
    expect(doc.paths['/api/auth/profile'].get.responses['200']).toBeDefined();
    const paths = Object.keys(doc.paths).map((p) => p.replace(/(.)\/$/, '$1'));
    for (const path of [
      '/api/listings',
      '/api/listings/{id}',
      '/api/messages',
      '/api/auth/friends/request',
      '/api/listings/want-listings',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('serves a browsable reference page without a session', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302 ? await ctx.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });
});
