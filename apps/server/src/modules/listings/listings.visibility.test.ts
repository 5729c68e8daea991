import { TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, type TestUser } from '../../../test/factories.js';
import { pairOf } from '../relations/index.js';

// One owner with one listing of each kind, seen by the owner, an accepted friend and a
// stranger on every read path. This file's database holds nothing else, so every list
// is compared exactly: anything extra is a leak.

type Viewer = 'owner' | 'friend' | 'stranger';
type Kind = 'public' | 'friendsOnly' | 'paused';
type ListPath = 'public list' | 'friends list' | 'user_id list' | 'mine' | 'everything';

let ctx: TestContext;
const users = {} as Record<Viewer, TestUser>;
const listings = {} as Record<Kind, number>;
let missingId: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  users.owner = await createUser(ctx);
  users.friend = await createUser(ctx);
  users.stranger = await createUser(ctx);
  await befriend(ctx, users.owner, users.friend);
  listings.public = (await createListing(ctx, users.owner, { title: 'Public tomatoes' })).id;
  listings.friendsOnly = (await createListing(ctx, users.owner, { title: 'Friends-only beans', is_public: false })).id;
  listings.paused = (await createListing(ctx, users.owner, { title: 'Paused squash', is_active: false })).id;
  missingId = listings.paused + 1000;
});
afterAll(() => ctx.close());

const listUrl = (path: ListPath) =>
  ({
    'public list': '/api/listings/?public=true',
    'friends list': '/api/listings/?friends=true',
    'user_id list': `/api/listings/?user_id=${users.owner.id}`,
    mine: '/api/listings/?mine=true',
    everything: '/api/listings/',
  })[path];

/** What each viewer may get, per path; newest first, as the lists answer. */
const expected: Record<Viewer, { detail: Kind[] } & Record<ListPath, Kind[]>> = {
  owner: {
    detail: ['public', 'friendsOnly', 'paused'],
    'public list': [],
    'friends list': [],
    'user_id list': ['paused', 'friendsOnly', 'public'],
    mine: ['paused', 'friendsOnly', 'public'],
    everything: ['paused', 'friendsOnly', 'public'],
  },
  friend: {
    detail: ['public', 'friendsOnly'],
    'public list': ['public'],
    'friends list': ['friendsOnly', 'public'],
    'user_id list': ['friendsOnly', 'public'],
    mine: [],
    everything: ['friendsOnly', 'public'],
  },
  stranger: {
    detail: ['public'],
    'public list': ['public'],
    'friends list': [],
    'user_id list': ['public'],
    mine: [],
    everything: ['public'],
  },
};

const viewers: Viewer[] = ['owner', 'friend', 'stranger'];
const kinds: Kind[] = ['public', 'friendsOnly', 'paused'];
const listPaths: ListPath[] = ['public list', 'friends list', 'user_id list', 'mine', 'everything'];

const get = (viewer: Viewer, url: string) => ctx.inject({ method: 'GET', url, as: users[viewer] });

async function listedIds(viewer: Viewer, path: ListPath) {
  const res = await get(viewer, listUrl(path));
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }[]).map((l) => l.id);
}

describe('listing visibility on every read path', () => {
  describe.each(viewers)('as the %s', (viewer) => {
    it.each(kinds)('detail of the %s listing answers only when it is visible', async (kind) => {
      const res = await get(viewer, `/api/listings/${listings[kind]}`);
      if (expected[viewer].detail.includes(kind)) {
        expect(res.statusCode).toBe(200);
        expect(res.json().id).toBe(listings[kind]);
      } else {
        expect(res.statusCode).toBe(404);
      }
    });

    it.each(listPaths)('the %s holds exactly the visible listings', async (path) => {
      expect(await listedIds(viewer, path)).toEqual(expected[viewer][path].map((kind) => listings[kind]));
    });
  });

  it('answers a hidden listing byte for byte like a missing one', async () => {
    const missing = await get('stranger', `/api/listings/${missingId}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: TEXTS.listingNotFound, code: 'NOT_FOUND' });
    let hiddenChecked = 0;
    for (const viewer of viewers) {
      for (const kind of kinds) {
        if (expected[viewer].detail.includes(kind)) continue;
        const hidden = await get(viewer, `/api/listings/${listings[kind]}`);
        expect(hidden.statusCode).toBe(404);
        expect(hidden.rawPayload.equals(missing.rawPayload)).toBe(true);
        expect(hidden.headers['content-type']).toBe(missing.headers['content-type']);
        expect(hidden.headers['content-length']).toBe(missing.headers['content-length']);
        hiddenChecked += 1;
      }
    }
    // friend: paused; stranger: friends-only and paused.
    expect(hiddenChecked).toBe(3);
  });

  it('stops showing friends-only listings on the next request after unfriending', async () => {
    const owner = await createUser(ctx);
    const formerFriend = await createUser(ctx);
    await befriend(ctx, owner, formerFriend);
    const open = await createListing(ctx, owner, { title: 'Open rhubarb' });
    const close = await createListing(ctx, owner, { title: 'Close-friends rhubarb', is_public: false });
    const as = (url: string) => ctx.inject({ method: 'GET', url, as: formerFriend });
    const ids = async (url: string) => ((await as(url)).json() as { id: number }[]).map((l) => l.id);

    expect((await as(`/api/listings/${close.id}`)).statusCode).toBe(200);
    expect(await ids('/api/listings/?friends=true')).toEqual([close.id, open.id]);

    await ctx.db
      .deleteFrom('friendships')
      .where('user_low', '=', pairOf(owner.id, formerFriend.id).user_low)
      .where('user_high', '=', pairOf(owner.id, formerFriend.id).user_high)
      .execute();

    const detail = await as(`/api/listings/${close.id}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toEqual({ detail: TEXTS.listingNotFound, code: 'NOT_FOUND' });
    expect(await ids('/api/listings/?friends=true')).toEqual([]);
    expect(await ids(`/api/listings/?user_id=${owner.id}`)).toEqual([open.id]);
    expect(await ids('/api/listings/?public=true')).toContain(open.id);
    expect(await ids('/api/listings/?public=true')).not.toContain(close.id);
  });

  it('does not treat a pending friend request as a friendship', async () => {
    const owner = await createUser(ctx);
    const asker = await createUser(ctx);
    await ctx.db
      .insertInto('friendships')
      .values({ ...pairOf(owner.id, asker.id), requester_id: asker.id, status: 'pending' })
      .execute();
    const close = await createListing(ctx, owner, { is_public: false });
    expect((await ctx.inject({ method: 'GET', url: `/api/listings/${close.id}`, as: asker })).statusCode).toBe(404);
    const friendsTab = await ctx.inject({ method: 'GET', url: '/api/listings/?friends=true', as: asker });
    expect(friendsTab.json()).toEqual([]);
  });
});
