import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, friendshipRows, type TestUser } from '../../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const request = (from: TestUser, to: { id: number }) =>
  ctx.inject({ method: 'POST', url: '/api/auth/friends/request', payload: { friend_id: to.id }, as: from });
const ownCount = async (as: TestUser) =>
  (await ctx.inject({ method: 'GET', url: '/api/auth/profile', as })).json().friend_count;
const rowsOf = (a: { id: number }, b: { id: number }) => friendshipRows(ctx, a, b);

describe('racing friend requests', () => {
  it('settles 10 simultaneous requests each way into one accepted friendship, counted once', async () => {
    // A few rounds on fresh pairs, so the race is exercised whichever side gets in first.
    for (let round = 0; round < 3; round++) {
      const ann = await createUser(ctx);
      const bob = await createUser(ctx);
      const calls = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? request(ann, bob) : request(bob, ann)));
      const answers = await Promise.all(calls);

      for (const res of answers) {
        expect([201, 409]).toContain(res.statusCode);
        if (res.statusCode === 409) expect(['ALREADY_FRIENDS', 'ALREADY_REQUESTED']).toContain(res.json().code);
      }
      const created = answers.filter((r) => r.statusCode === 201).map((r) => r.json());
      expect(created.filter((s) => s.status === 'pending')).toHaveLength(1);
      expect(created.filter((s) => s.status === 'accepted')).toHaveLength(1);

      const rows = await rowsOf(ann, bob);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('accepted');
      expect(await ownCount(ann)).toBe(1);
      expect(await ownCount(bob)).toBe(1);
      const seen = await ctx.inject({ method: 'GET', url: `/api/auth/users/${bob.id}/public`, as: ann });
      expect(seen.json().friend_count).toBe(1);
    }
  });

  it('keeps one pending row when the same request is sent 10 times at once', async () => {
    const ann = await createUser(ctx);
    const bob = await createUser(ctx);
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(ann, bob)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const res of refused) expect(res.json().code).toBe('ALREADY_REQUESTED');
    const rows = await rowsOf(ann, bob);
    expect(rows).toEqual([expect.objectContaining({ status: 'pending', requester_id: ann.id })]);
    expect(await ownCount(ann)).toBe(0);
  });

  it('counts every friendship when many members befriend one at the same time', async () => {
    const star = await createUser(ctx);
    const fans = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)));
    await Promise.all(fans.map((fan) => request(fan, star)));
    const answers = await Promise.all(fans.map((fan) => request(star, fan)));
    for (const res of answers) expect(res.json()).toEqual({ status: 'accepted' });
    expect(await ownCount(star)).toBe(8);
  });
});
