import { PublicUserSchema, UserSchema } from '@gardenswap/shared';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app.js';
import { createUser } from '../../test/factories.js';

let ctx: TestContext;
// Whole users rows, as a careless query would hand them to a route.
const rows = async () => {
  const found = await ctx.db.selectFrom('users').selectAll().execute();
  return found.map((row) => ({
    ...row,
    friend_count: 0,
    email_notifications: {
      matches: true,
      friend_requests: true,
      messages: row.email_messages === 1,
      trades: true,
      digest: false,
    },
  }));
};
beforeAll(async () => {
  ctx = await buildTestApp(
    {},
    {
      beforeReady: (app) => {
        const routes = { config: { public: true } } as const;
        app.get('/api/test/profile', { ...routes, schema: { response: { 200: UserSchema } } }, async () =>
          (await rows()).at(-1),
        );
        app.get(
          '/api/test/people',
          { ...routes, schema: { response: { 200: z.object({ people: z.array(PublicUserSchema) }) } } },
          async () => ({ people: await rows() }),
        );
        app.get('/api/test/half', { ...routes, schema: { response: { 200: UserSchema } } }, async () => ({
          id: 1,
          username: 'half',
        }));
      },
    },
  );
  await createUser(ctx, { address: '1 Secret Lane', city: 'Boise', state: 'ID', zip_code: '83702' });
});
afterAll(() => ctx.close());

describe('responses', () => {
  it('carry only the fields of their schema, never a password hash or an address', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/test/profile' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(UserSchema.shape).sort());
    expect(res.body).not.toMatch(/password|argon|Secret Lane|address/i);
    expect(res.body).not.toMatch(/email_matches|email_messages/);
    expect(res.json()).toMatchObject({ city: 'Boise', email_notifications: { messages: true } });
  });

  it('leave out unknown fields in nested objects and arrays too', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/test/people' });
    expect(res.statusCode).toBe(200);
    const { people } = res.json() as { people: Record<string, unknown>[] };
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) expect(Object.keys(person).sort()).toEqual(Object.keys(PublicUserSchema.shape).sort());
    expect(res.body).not.toMatch(/password|argon|Secret Lane|address|email/i);
  });

  it('answers 500 with the error body rather than send a response missing required fields', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/test/half' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
    expect(res.body).not.toContain('half');
  });
});
