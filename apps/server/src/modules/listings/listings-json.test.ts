import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createListing, createUser, type TestUser } from '../../../test/factories.js';
import { distanceMiles, zipCoordinateColumns } from '../../lib/geo.js';

let ctx: TestContext;
let owner: TestUser;
let ben: TestUser;
let cy: TestUser;
const ids: Record<'open' | 'friendsOnly' | 'tricky', number> = { open: 0, friendsOnly: 0, tricky: 0 };

async function member(zip: string) {
  const user = await createUser(ctx, { zip_code: zip, city: 'Somewhere' });
  await ctx.db.updateTable('users').set(zipCoordinateColumns(zip)).where('id', '=', user.id).execute();
  return user;
}

const place = (zip: string) => {
  const { latitude, longitude } = zipCoordinateColumns(zip);
  return { latitude: latitude!, longitude: longitude! };
};

interface Answer {
  id: number;
  title: string;
  featured_image: string | null;
  distance_miles: number | null;
}

/** The friends tab as `viewer` reads it: its bytes and its listings by id. */
async function friendsTab(viewer: TestUser) {
  const res = await ctx.inject({ method: 'GET', url: '/api/listings/?friends=true', as: viewer });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const listings = res.json<Answer[]>();
  return { body: res.body, listings, byId: new Map(listings.map((l) => [l.id, l])) };
}

beforeAll(async () => {
  ctx = await buildTestApp();
  owner = await member('94103');
  ben = await member('94612');
  cy = await member('95814');
  await befriend(ctx, owner, ben);
  await befriend(ctx, owner, cy);
  ids.open = (await createListing(ctx, owner, { title: 'Open basil', featured_image: 'uploads/open.webp' })).id;
  ids.friendsOnly = (
    await createListing(ctx, owner, {
      title: 'Friends-only figs',
      is_public: false,
      featured_image: 'uploads/figs.webp',
    })
  ).id;
  // A title that spells the key the distance is kept around, with quotes, a backslash and accents.
  ids.tricky = (await createListing(ctx, owner, { title: 'Say "distance_miles":null \\ café 🍅' })).id;
});
afterAll(() => ctx.close());

describe("a list page's JSON, each listing's written once", () => {
  it("gives each viewer their own distances and signed links, from listings' JSON kept between pages", async () => {
    const first = await friendsTab(ben);
    // Valid JSON, as compact as the serializer writes it.
    expect(JSON.stringify(JSON.parse(first.body))).toBe(first.body);
    expect([...first.byId.keys()].sort()).toEqual(Object.values(ids).sort());
    const fromBen = distanceMiles(place('94612'), place('94103'));
    for (const listing of first.listings) expect(listing.distance_miles).toBe(fromBen);
    expect(first.byId.get(ids.tricky)!.title).toBe('Say "distance_miles":null \\ café 🍅');
    expect(first.byId.get(ids.open)!.featured_image).toBe('uploads/open.webp');
    expect(first.byId.get(ids.friendsOnly)!.featured_image).toMatch(new RegExp(`^uploads/figs\\.webp\\?v=${ben.id}&`));

    // Another viewer, elsewhere: the same listings' kept JSON, with Cy's distance and Cy's link.
    const other = await friendsTab(cy);
    const fromCy = distanceMiles(place('95814'), place('94103'));
    expect(fromCy).not.toBe(fromBen);
    for (const listing of other.listings) expect(listing.distance_miles).toBe(fromCy);
    expect(other.byId.get(ids.tricky)!.title).toBe('Say "distance_miles":null \\ café 🍅');
    expect(other.byId.get(ids.friendsOnly)!.featured_image).toMatch(new RegExp(`^uploads/figs\\.webp\\?v=${cy.id}&`));
    expect(JSON.stringify(JSON.parse(other.body))).toBe(other.body);
    // But for the distance and the signed link, the same listings as Ben's.
    const unsigned = (listings: Answer[]) =>
      listings.map((l) => ({ ...l, distance_miles: 0, featured_image: l.featured_image?.split('?')[0] }));
    expect(unsigned(other.listings)).toEqual(unsigned(first.listings));

    // Read again, Ben's page is the same.
    expect((await friendsTab(ben)).body).toBe(first.body);
  });

  it('shows a change at once: a listing edited since is written anew', async () => {
    expect((await friendsTab(ben)).byId.get(ids.open)!.title).toBe('Open basil');
    const res = await ctx.inject({
      method: 'PATCH',
      url: `/api/listings/${ids.open}`,
      as: owner,
      payload: { title: 'Open basil, two pots' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await friendsTab(ben);
    expect(after.byId.get(ids.open)!.title).toBe('Open basil, two pots');
    expect(JSON.stringify(JSON.parse(after.body))).toBe(after.body);
  });
});
