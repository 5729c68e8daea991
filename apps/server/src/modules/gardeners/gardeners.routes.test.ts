import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { coordinatesOfZip, distanceMiles } from '../../lib/geo.js';

describe('finding gardeners', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const get = (as: TestUser, url: string) => ctx.inject({ method: 'GET', url, as });
  /** A member at a ZIP, with the coordinates saving a location stores. */
  const gardenerAt = async (zip: string | null, username?: string) => {
    const user = await createUser(ctx, { zip_code: zip ?? undefined, username });
    const at = coordinatesOfZip(zip);
    if (at) await ctx.db.updateTable('users').set(at).where('id', '=', user.id).execute();
    return user;
  };
  const tag = () => Math.random().toString(36).slice(2, 8);

  describe('GET /api/auth/users?q=', () => {
    it('finds members whose username contains the text in any case, never me, with the distance', async () => {
      const t = tag();
      const me = await gardenerAt('10001', `me_${t}_tomato`);
      const near = await gardenerAt('10002', `Big_${t}_TOMATO`);
      const unknown = await gardenerAt(null, `${t}_tomatoes_fan`);
      await gardenerAt('10002', `${t}_basil`);
      const res = await get(me, `/api/auth/users?q=${t}_Tomato`);
      expect(res.statusCode).toBe(200);
      const found = res.json() as { id: number; distance_miles: number | null }[];
      expect(found.map((g) => g.id).sort()).toEqual([near.id, unknown.id].sort());
      expect(found.find((g) => g.id === near.id)).toEqual({
        id: near.id,
        username: near.username,
        profile_picture: null,
        city: null,
        state: null,
        zip_code: '10002',
        friend_count: 0,
        distance_miles: distanceMiles(coordinatesOfZip('10001'), coordinatesOfZip('10002')),
      });
      expect(found.find((g) => g.id === unknown.id)?.distance_miles).toBeNull();
      // Never the coordinates themselves.
      expect(res.body).not.toContain('latitude');
    });

    it('treats % and _ as plain characters, answers at most 20 and leaves out blocked pairs', async () => {
      const t = tag();
      const me = await gardenerAt('10001');
      const members = [];
      for (let i = 0; i < 22; i += 1) members.push(await gardenerAt(null, `many${t}_${i}`));
      await ctx.inject({ method: 'POST', url: '/api/blocks', payload: { user_id: members[0]!.id }, as: me });
      await ctx.inject({ method: 'POST', url: '/api/blocks', payload: { user_id: me.id }, as: members[1]! });
      const res = await get(me, `/api/auth/users?q=many${t}`);
      const found = (res.json() as { id: number }[]).map((g) => g.id);
      expect(found).toHaveLength(20);
      expect(found).not.toContain(members[0]!.id);
      expect(found).not.toContain(members[1]!.id);
      expect((await get(me, `/api/auth/users?q=${encodeURIComponent('%')}`)).json()).toEqual([]);
    });

    it('answers 422 without a query', async () => {
      const me = await gardenerAt(null);
      expect((await get(me, '/api/auth/users')).statusCode).toBe(422);
      expect((await get(me, '/api/auth/users?q=')).statusCode).toBe(422);
    });
  });

  describe('GET /api/auth/users/nearby', () => {
    it('lists members with a known location nearest first, without me or blocked pairs', async () => {
      // A separate database would be cleaner; instead the expectation is read relative to these members.
      const me = await gardenerAt('10001');
      const sameCity = await gardenerAt('10003');
      const uptown = await gardenerAt('10025');
      const farAway = await gardenerAt('94103');
      const nowhere = await gardenerAt(null);
      const blocked = await gardenerAt('10001');
      await ctx.inject({ method: 'POST', url: '/api/blocks', payload: { user_id: blocked.id }, as: me });

      const res = await get(me, '/api/auth/users/nearby');
      expect(res.statusCode).toBe(200);
      const found = res.json() as { id: number; distance_miles: number }[];
      const ids = found.map((g) => g.id);
      expect(ids).not.toContain(me.id);
      expect(ids).not.toContain(nowhere.id);
      expect(ids).not.toContain(blocked.id);
      const mine = ids.filter((id) => [sameCity.id, uptown.id, farAway.id].includes(id));
      // Other tests' members sit at the same ZIPs; at most 20 come back, so the far one may fall off.
      expect(mine.slice(0, 2)).toEqual([sameCity.id, uptown.id]);
      const distances = found.map((g) => g.distance_miles);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(found.find((g) => g.id === uptown.id)?.distance_miles).toBe(
        distanceMiles(coordinatesOfZip('10001'), coordinatesOfZip('10025')),
      );
    });

    it('answers an empty list while my own location is unknown', async () => {
      const me = await gardenerAt(null);
      await gardenerAt('10002');
      const res = await get(me, '/api/auth/users/nearby');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('leaves /api/auth/users/{id}/public and /users/me/avatar to the profile routes', async () => {
      const [me, other] = [await gardenerAt(null), await gardenerAt(null)];
      const profile = await get(me, `/api/auth/users/${other.id}/public`);
      expect(profile.statusCode).toBe(200);
      expect(profile.json().id).toBe(other.id);
      expect((await get(me, '/api/auth/users/me/avatar')).statusCode).toBe(404);
    });
  });
});
