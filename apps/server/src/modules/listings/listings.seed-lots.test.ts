import {
  ErrorBodySchema,
  type Listing,
  type Pollination,
  SEED_TEXTS,
  VARIETY_MAX,
  QUANTITY_MAX,
  latestPackedYear,
} from '@gardenswap/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext, withPlannerBounds } from '../../../test/app.js';
import { befriend, createListing, type TestUser, memberAtZip, milesBetweenZips } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import type { ListPlanner, PlanBounds } from './index.js';

let ctx: TestContext;
let viewer: TestUser;
let friend: TestUser;
let stranger: TestUser;

const HOME = '94110';
const YEAR = new Date().getUTCFullYear();

const member = (zip: string | null) => memberAtZip(ctx, zip);
const milesFromHome = (zip: string | null) => milesBetweenZips(HOME, zip);

const get = (url: string, as: TestUser = viewer) => ctx.inject({ method: 'GET', url, as });
const post = (payload: Record<string, unknown>, as: TestUser = viewer) =>
  ctx.inject({ method: 'POST', url: '/api/listings/', as, payload });
const patch = (id: number, payload: Record<string, unknown>, as: TestUser = viewer) =>
  ctx.inject({ method: 'PATCH', url: `/api/listings/${id}`, as, payload });

const seedLot = {
  title: 'Tomato seeds',
  type_id: 3,
  category_id: 2,
  variety: 'Brandywine',
  packed_year: 2021,
  pollination: 'heirloom',
  organic: true,
  quantity: 'about 50 seeds',
  can_mail: true,
};
const detailsOf = (l: Listing) => ({
  variety: l.variety,
  packed_year: l.packed_year,
  pollination: l.pollination,
  organic: l.organic,
  quantity: l.quantity,
  can_mail: l.can_mail,
});
const EMPTY = { variety: null, packed_year: null, pollination: null, organic: null, quantity: null, can_mail: null };

/** What the test knows of each listing of the filter tests, to compute the answer on its own. */
interface Known {
  id: number;
  title: string;
  price: number;
  type_id: number;
  category_id: number;
  variety: string | null;
  packed_year: number | null;
  pollination: Pollination | null;
  organic: boolean | null;
  can_mail: boolean | null;
  miles: number | null;
  /** On the viewer's marketplace: active, not gone, public or a friend's. */
  listed: boolean;
  /** Only the viewer's friend's, to the viewer and the friends tab; never to a stranger. */
  friendsOnly?: boolean;
}
const known: Known[] = [];

async function add(
  owner: TestUser,
  zip: string | null,
  fields: Partial<Omit<Known, 'id' | 'miles' | 'listed' | 'friendsOnly'>> & {
    title: string;
    state_id?: number;
    is_public?: boolean;
    is_active?: boolean;
  },
  listed = true,
) {
  const type_id = fields.type_id ?? 1;
  const price = type_id === 1 ? (fields.price ?? 3) : 0;
  const category_id = fields.category_id ?? 2;
  const details = {
    variety: fields.variety ?? null,
    packed_year: fields.packed_year ?? null,
    pollination: fields.pollination ?? null,
    organic: fields.organic ?? null,
    can_mail: fields.can_mail ?? null,
  };
  const { id } = await createListing(ctx, owner, { ...fields, ...details, type_id, price, category_id });
  known.push({
    id,
    title: fields.title,
    price,
    type_id,
    category_id,
    ...details,
    miles: milesFromHome(zip),
    listed,
    friendsOnly: fields.is_public === false,
  });
}

beforeAll(async () => {
  ctx = await buildTestApp();
  viewer = await member(HOME);
  friend = await member(HOME);
  stranger = await member(HOME);
  await befriend(ctx, viewer, friend);
  const soma = await member('94103');
  const oakland = await member('94612');
  const sacramento = await member('95814');
  const unknown = await member('99999');

  await add(soma, '94103', {
    title: 'Tomato seeds',
    variety: 'Brandywine',
    packed_year: YEAR - 1,
    pollination: 'heirloom',
    organic: true,
    can_mail: true,
  });
  await add(soma, '94103', { title: 'Cherry tomatoes', category_id: 1, price: 5 });
  await add(soma, '94103', {
    title: 'Bean seeds',
    variety: 'Kentucky Wonder',
    packed_year: YEAR - 6,
    pollination: 'open_pollinated',
    organic: false,
    can_mail: true,
    type_id: 2,
  });
  await add(oakland, '94612', {
    title: 'Pepper seeds',
    variety: 'Jimmy Nardello',
    packed_year: YEAR,
    pollination: 'heirloom',
    organic: true,
    can_mail: false,
    price: 4,
  });
  await add(oakland, '94612', {
    title: 'Sweet corn seeds',
    packed_year: YEAR - 2,
    pollination: 'hybrid',
    organic: false,
    can_mail: true,
    type_id: 3,
  });
  // A seed listing from before seed lots: every detail empty.
  await add(oakland, '94612', { title: 'Mixed flower seeds', price: 2 });
  await add(sacramento, '95814', {
    title: 'Squash seeds',
    variety: 'Brandywine squash',
    packed_year: YEAR - 1,
    pollination: 'unknown',
    organic: true,
    can_mail: true,
    price: 12,
  });
  await add(
    sacramento,
    '95814',
    { title: 'Gone tomato seeds', pollination: 'heirloom', organic: true, state_id: 3 },
    false,
  );
  await add(
    sacramento,
    '95814',
    { title: 'Paused pea seeds', pollination: 'heirloom', organic: true, is_active: false },
    false,
  );
  await add(unknown, null, {
    title: 'Lettuce seeds',
    variety: 'Little Gem',
    packed_year: YEAR - 3,
    pollination: 'open_pollinated',
    organic: true,
    can_mail: true,
    price: 1,
  });
  await add(friend, HOME, {
    title: 'Friend tomato seeds',
    variety: 'Cherokee Purple',
    packed_year: YEAR,
    pollination: 'heirloom',
    organic: true,
    can_mail: true,
    is_public: false,
    price: 2,
  });
  await add(friend, HOME, { title: 'Basil plant', category_id: 3, type_id: 3 });
});
afterAll(() => ctx.close());

function nextLink(link: string | string[] | undefined): string | undefined {
  const value = Array.isArray(link) ? link.join(', ') : link;
  return value ? /<([^>]+)>;\s*rel="next"/.exec(value)?.[1] : undefined;
}

/** Every listing of a list, two per page, by following the Link header. */
async function ids(query: string, as: TestUser = viewer) {
  const found: number[] = [];
  let url: string | undefined = `/api/listings/?limit=2&${query}`;
  for (let pages = 0; url; pages++) {
    expect(pages).toBeLessThan(20);
    const res = await get(url, as);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    found.push(...(res.json() as Listing[]).map((l) => l.id));
    url = nextLink(res.headers.link);
  }
  return found;
}

const orders: Record<string, (a: Known, b: Known) => number> = {
  newest: (a, b) => b.id - a.id,
  oldest: (a, b) => a.id - b.id,
  highest: (a, b) => b.price - a.price || b.id - a.id,
  lowest: (a, b) => a.price - b.price || a.id - b.id,
  nearest: (a, b) =>
    (a.miles === null ? 1 : 0) - (b.miles === null ? 1 : 0) || (a.miles ?? 0) - (b.miles ?? 0) || b.id - a.id,
};

function expected(filter: (l: Known) => boolean, sort: keyof typeof orders, as: 'viewer' | 'stranger' = 'viewer') {
  return known
    .filter((l) => l.listed && (as === 'viewer' || !l.friendsOnly) && filter(l))
    .sort(orders[sort])
    .map((l) => l.id);
}

const heirloom = (l: Known) => l.pollination === 'heirloom';
const organic = (l: Known) => l.organic === true;
const canMail = (l: Known) => l.can_mail === true;
const packedWithin = (years: number) => (l: Known) => l.packed_year !== null && l.packed_year >= YEAR - years + 1;
const brandywine = (l: Known) => /brandywine/i.test(`${l.title} ${l.variety ?? ''}`);

const withPlanBounds = (changes: Partial<PlanBounds>, check: () => Promise<void>) =>
  withPlannerBounds(ctx, changes, check);

function expectRefused(res: Awaited<ReturnType<typeof get>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(ErrorBodySchema.safeParse(body).success, res.body).toBe(true);
  expect(body).toMatchObject({ code: 'VALIDATION_FAILED' });
  expect(body.errors).toContainEqual({ field, message });
}

describe('posting and editing a seed lot', () => {
  it('keeps every detail of a seed lot posted as JSON, and answers them on its page and in lists', async () => {
    const res = await post(seedLot);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Listing;
    expect(detailsOf(created)).toEqual({
      variety: 'Brandywine',
      packed_year: 2021,
      pollination: 'heirloom',
      organic: true,
      quantity: 'about 50 seeds',
      can_mail: true,
    });
    expect(detailsOf((await get(`/api/listings/${created.id}`)).json())).toEqual(detailsOf(created));
    const mine = (await get('/api/listings/?mine=true')).json() as Listing[];
    expect(detailsOf(mine.find((l) => l.id === created.id)!)).toEqual(detailsOf(created));
    await ctx.inject({ method: 'DELETE', url: `/api/listings/${created.id}`, as: viewer });
  });

  it('reads the details of a multipart post from their form strings, blank ones as empty', async () => {
    const form = multipartBody({
      title: 'Onion seeds',
      type_id: '3',
      category_id: '2',
      variety: '  Walla Walla  ',
      packed_year: '2022',
      pollination: 'open_pollinated',
      organic: 'false',
      quantity: '',
      can_mail: 'true',
    });
    const res = await ctx.inject({ method: 'POST', url: '/api/listings/', as: viewer, ...form });
    expect(res.statusCode, res.body).toBe(201);
    expect(detailsOf(res.json())).toEqual({
      variety: 'Walla Walla',
      packed_year: 2022,
      pollination: 'open_pollinated',
      organic: false,
      quantity: null,
      can_mail: true,
    });
    await ctx.inject({ method: 'DELETE', url: `/api/listings/${res.json().id}`, as: viewer });
  });

  it('keeps no seed details on a listing of another category, whatever was sent', async () => {
    for (const category_id of [1, 3]) {
      const res = await post({ ...seedLot, title: 'Tomato starts', category_id });
      expect(res.statusCode, res.body).toBe(201);
      expect(detailsOf(res.json())).toEqual(EMPTY);
      const row = await ctx.db
        .selectFrom('listings')
        .select(['variety', 'packed_year', 'pollination', 'organic', 'quantity', 'can_mail'])
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual(EMPTY);
      await ctx.inject({ method: 'DELETE', url: `/api/listings/${res.json().id}`, as: viewer });
    }
  });

  it.each([
    ['a year before 1950', { packed_year: 1949 }, 'packed_year', SEED_TEXTS.packedYearTooEarly],
    ['next year', { packed_year: latestPackedYear() + 1 }, 'packed_year', SEED_TEXTS.packedYearInFuture],
    ['a year far ahead', { packed_year: 3000 }, 'packed_year', SEED_TEXTS.packedYearInFuture],
    ['a number past any year', { packed_year: 1e300 }, 'packed_year', SEED_TEXTS.packedYearInvalid],
    ['part of a year', { packed_year: 2020.5 }, 'packed_year', SEED_TEXTS.packedYearInvalid],
    ['words for a year', { packed_year: 'last spring' }, 'packed_year', SEED_TEXTS.packedYearInvalid],
    ['a list for a year', { packed_year: [2020] }, 'packed_year', SEED_TEXTS.packedYearInvalid],
    ['another pollination', { pollination: 'f1' }, 'pollination', SEED_TEXTS.pollinationInvalid],
    ['a number for a pollination', { pollination: 3 }, 'pollination', SEED_TEXTS.pollinationInvalid],
    ['a long variety', { variety: 'x'.repeat(VARIETY_MAX + 1) }, 'variety', SEED_TEXTS.varietyTooLong],
    ['a long quantity', { quantity: 'y'.repeat(QUANTITY_MAX + 1) }, 'quantity', SEED_TEXTS.quantityTooLong],
  ])('refuses %s with 422 and the one error body, on a post and on an edit', async (_, change, field, message) => {
    expectRefused(await post({ ...seedLot, ...change }), field, message);
    // The same on a listing of another category, which would keep none of it: a bad value is still bad.
    expectRefused(await post({ ...seedLot, category_id: 1, ...change }), field, message);
    const { id } = await createListing(ctx, viewer, { title: 'Carrot seeds', category_id: 2 });
    expectRefused(await patch(id, change), field, message);
    expect(detailsOf((await get(`/api/listings/${id}`)).json())).toEqual(EMPTY);
    await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, as: viewer });
  });

  it('refuses a flag that is not one, as a 422 and never a 500', async () => {
    for (const field of ['organic', 'can_mail']) {
      for (const value of ['maybe', 2, {}]) {
        const res = await post({ ...seedLot, [field]: value });
        expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(422);
        expect(ErrorBodySchema.safeParse(res.json()).success).toBe(true);
        expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      }
    }
    const form = multipartBody({ title: 'Onion seeds', type_id: '3', category_id: '2', packed_year: '19x9' });
    expectRefused(
      await ctx.inject({ method: 'POST', url: '/api/listings/', as: viewer, ...form }),
      'packed_year',
      SEED_TEXTS.packedYearInvalid,
    );
  });

  it('changes the details sent, keeps the others, clears blank and null ones, and drops them all outside seeds', async () => {
    const { id } = (await post(seedLot)).json() as Listing;
    const details = async () => detailsOf((await get(`/api/listings/${id}`)).json());

    let res = await patch(id, { variety: 'Cherokee Purple', packed_year: '2023' });
    expect(res.statusCode, res.body).toBe(200);
    expect(detailsOf(res.json())).toEqual({
      variety: 'Cherokee Purple',
      packed_year: 2023,
      pollination: 'heirloom',
      organic: true,
      quantity: 'about 50 seeds',
      can_mail: true,
    });
    res = await patch(id, { quantity: '', pollination: null, organic: null });
    expect(await details()).toMatchObject({ quantity: null, pollination: null, organic: null, can_mail: true });
    // An edit of anything else leaves the details as they are.
    await patch(id, { title: 'Tomato seeds, saved by hand' });
    expect(await details()).toMatchObject({ variety: 'Cherokee Purple', packed_year: 2023, can_mail: true });

    // Leaving the seeds category drops them all, and coming back brings none of them back.
    res = await patch(id, { category_id: 1, organic: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(detailsOf(res.json())).toEqual(EMPTY);
    await patch(id, { variety: 'Brandywine' });
    expect(await details()).toEqual(EMPTY);
    await patch(id, { category_id: 2 });
    expect(await details()).toEqual(EMPTY);
    await patch(id, { category_id: 2, variety: 'Brandywine', can_mail: 'on' });
    expect(await details()).toMatchObject({ variety: 'Brandywine', can_mail: true, packed_year: null });
    // Only the owner edits them.
    expect((await patch(id, { variety: 'Mine now' }, stranger)).statusCode).toBe(403);
    await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, as: viewer });
  });

  it('reads a seed listing from before seed lots with empty details, and lets its owner add them', async () => {
    const { id } = await createListing(ctx, viewer, { title: 'Radish seeds', category_id: 2 });
    expect(detailsOf((await get(`/api/listings/${id}`)).json())).toEqual(EMPTY);
    const res = await patch(id, { packed_year: 2015, pollination: 'hybrid' });
    expect(detailsOf(res.json())).toEqual({ ...EMPTY, packed_year: 2015, pollination: 'hybrid' });
    await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, as: viewer });
  });

  it('shows the details and the seed filters in the API reference', async () => {
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const path = Object.keys(doc.paths).find((p) => p.replace(/\/$/, '') === '/api/listings')!;
    const params = (doc.paths[path].get.parameters as { name: string }[]).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['pollination', 'organic', 'can_mail', 'packed_within_years']));
    const answer = doc.paths[path].get.responses['200'].content['application/json'].schema.items;
    const listing = answer.$ref ? doc.components.schemas[answer.$ref.split('/').pop()] : answer;
    expect(Object.keys(listing.properties)).toEqual(
      expect.arrayContaining(['variety', 'packed_year', 'pollination', 'organic', 'quantity', 'can_mail']),
    );
    const body = doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['variety', 'packed_year', 'pollination']));
  });
});

describe('filtering seed lots on GET /api/listings/', () => {
  it('narrows by pollination, organic, mail and year packed, alone and together, in every order', async () => {
    for (const sort of Object.keys(orders)) {
      expect(await ids(`pollination=heirloom&sort=${sort}`), sort).toEqual(expected(heirloom, sort));
      expect(await ids(`pollination=heirloom&pollination=hybrid&sort=${sort}`), sort).toEqual(
        expected((l) => heirloom(l) || l.pollination === 'hybrid', sort),
      );
      expect(await ids(`organic=true&sort=${sort}`), sort).toEqual(expected(organic, sort));
      expect(await ids(`can_mail=true&sort=${sort}`), sort).toEqual(expected(canMail, sort));
      expect(await ids(`packed_within_years=2&sort=${sort}`), sort).toEqual(expected(packedWithin(2), sort));
      expect(
        await ids(`organic=true&can_mail=true&packed_within_years=3&pollination=heirloom,unknown&sort=${sort}`),
        sort,
      ).toEqual(
        expected(
          (l) => organic(l) && canMail(l) && packedWithin(3)(l) && (heirloom(l) || l.pollination === 'unknown'),
          sort,
        ),
      );
    }
    // This year only.
    expect(await ids('packed_within_years=1')).toEqual(expected(packedWithin(1), 'newest'));
  });

  it('combines with the search, the type, the price, the distance and the category', async () => {
    for (const sort of ['newest', 'lowest', 'nearest']) {
      expect(await ids(`q=tomato&organic=true&sort=${sort}`), sort).toEqual(
        expected((l) => organic(l) && /tomato/i.test(l.title), sort),
      );
      expect(await ids(`type_id=1&can_mail=true&max_price=5&sort=${sort}`), sort).toEqual(
        expected((l) => canMail(l) && l.type_id === 1 && l.price <= 5, sort),
      );
      expect(await ids(`within_miles=25&organic=true&sort=${sort}`), sort).toEqual(
        expected((l) => organic(l) && l.miles !== null && l.miles <= 25, sort),
      );
      expect(await ids(`category_id=2&pollination=heirloom&min_price=3&sort=${sort}`), sort).toEqual(
        expected((l) => heirloom(l) && l.price >= 3, sort),
      );
    }
    // A seed filter lists seed lots only: with another category, nothing.
    expect(await ids('category_id=1&organic=true')).toEqual([]);
    expect(await ids('category_id=3&packed_within_years=5')).toEqual([]);
  });

  it('narrows only: a false flag, or none, leaves every listing', async () => {
    expect(await ids('organic=false&can_mail=false')).toEqual(expected(() => true, 'newest'));
    expect(await ids('public=true&organic=false&sort=oldest')).toEqual(
      expected((l) => !l.friendsOnly, 'oldest', 'stranger'),
    );
  });

  it('keeps to what each member may see, tab by tab', async () => {
    const friendsLot = known.find((l) => l.title === 'Friend tomato seeds')!;
    expect(await ids('organic=true&sort=newest')).toContain(friendsLot.id);
    expect(await ids('friends=true&organic=true')).toEqual([friendsLot.id]);
    expect(await ids('public=true&organic=true&sort=newest')).toEqual(
      expected((l) => organic(l) && !l.friendsOnly, 'newest'),
    );
    for (const query of ['organic=true', 'pollination=heirloom&sort=nearest', 'can_mail=true&within_miles=5']) {
      expect(await ids(query, stranger), query).not.toContain(friendsLot.id);
    }
    expect(await ids('organic=true&sort=newest', stranger)).toEqual(expected(organic, 'newest', 'stranger'));
    // Gone and paused lots stay out; a seller's own page of them keeps to the rule as well.
    const gone = known.find((l) => l.title === 'Gone tomato seeds')!;
    const paused = known.find((l) => l.title === 'Paused pea seeds')!;
    expect(await ids('pollination=heirloom&organic=true')).not.toContain(gone.id);
    expect(await ids('pollination=heirloom&organic=true')).not.toContain(paused.id);
    const { owner_id } = await ctx.db
      .selectFrom('listings')
      .select('owner_id')
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    const seller = await ids(`user_id=${owner_id}&organic=true`);
    expect(seller).not.toContain(gone.id);
    expect(seller).not.toContain(paused.id);
    expect(seller).toEqual(expected((l) => organic(l) && /Squash/.test(l.title), 'newest'));
  });

  it('answers the same whichever plan reads the page', async () => {
    const cases: [string, (l: Known) => boolean][] = [
      ['organic=true', organic],
      ['q=seeds&pollination=heirloom', (l) => heirloom(l) && /seeds/i.test(l.title)],
      ['within_miles=25&can_mail=true', (l) => canMail(l) && l.miles !== null && l.miles <= 25],
    ];
    const bounds: Partial<ListPlanner['bounds']>[] = [
      { circleGather: 0 },
      { ringRows: 1, nearestGather: 0 },
      { ringRows: 1, ringOwners: 3, nearestGather: 0 },
      { priceWalk: 0 },
      { recentLeast: 3, recentPerRow: 1 },
    ];
    for (const change of bounds) {
      await withPlanBounds(change, async () => {
        for (const [query, filter] of cases) {
          for (const sort of ['newest', 'lowest', 'nearest']) {
            expect(await ids(`${query}&sort=${sort}`), `${JSON.stringify(change)} ${query} ${sort}`).toEqual(
              expected(filter, sort),
            );
          }
        }
      });
    }
  });

  it('does not take a filtered public feed for the shared one', async () => {
    const plain = await ids('public=true');
    const filtered = await ids('public=true&pollination=hybrid');
    expect(filtered).toEqual(expected((l) => l.pollination === 'hybrid' && !l.friendsOnly, 'newest'));
    expect(plain.length).toBeGreaterThan(filtered.length);
  });

  it.each([
    ['pollination=f1', 'pollination.0', SEED_TEXTS.pollinationInvalid],
    ['pollination=heirloom&pollination=nope', 'pollination.1', SEED_TEXTS.pollinationInvalid],
    ['packed_within_years=0', 'packed_within_years', SEED_TEXTS.packedWithinInvalid],
    ['packed_within_years=101', 'packed_within_years', SEED_TEXTS.packedWithinInvalid],
    ['packed_within_years=2.5', 'packed_within_years', SEED_TEXTS.packedWithinInvalid],
    ['packed_within_years=soon', 'packed_within_years', SEED_TEXTS.packedWithinInvalid],
  ])('refuses %s with 422 and the one error body', async (query, field, message) => {
    expectRefused(await get(`/api/listings/?${query}`), field, message);
  });

  it('refuses a flag filter that is not one with a 422', async () => {
    for (const query of ['organic=maybe', 'can_mail=2']) {
      const res = await get(`/api/listings/?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(ErrorBodySchema.safeParse(res.json()).success).toBe(true);
    }
  });
});

describe('searching seed lots by variety', () => {
  it('finds a lot by its variety, as a prefix too, after the listings whose title holds the words', async () => {
    const titled = (await post({ ...seedLot, title: 'Brandywine tomato seeds', variety: null })).json() as Listing;
    try {
      for (const q of ['brandywine', 'brandyw', 'Brandywine tomatoes']) {
        const found = await ids(`q=${encodeURIComponent(q)}&sort=newest`);
        const matching = (l: { id: number; title: string; variety: string | null }) =>
          q === 'Brandywine tomatoes'
            ? /brandywine/i.test(`${l.title} ${l.variety}`) && /tomato/i.test(`${l.title} ${l.variety}`)
            : true;
        const want = [
          titled.id,
          ...known.filter((l) => l.listed && brandywine(l) && matching(l)).map((l) => l.id),
        ].sort((a, b) => b - a);
        expect(found, q).toEqual(want);
      }
      // Best match: the title that holds the word first, then the lots whose variety does.
      const ranked = await ids('q=brandywine');
      expect(ranked[0]).toBe(titled.id);
      expect(ranked.slice(1)).toEqual(expected(brandywine, 'newest'));
    } finally {
      await ctx.inject({ method: 'DELETE', url: `/api/listings/${titled.id}`, as: viewer });
    }
  });

  it('finds a variety through every plan: walked, by nearness, from owners and in price order', async () => {
    const gem = (l: Known) => l.variety === 'Little Gem';
    const nardello = (l: Known) => l.variety === 'Jimmy Nardello';
    const bounds: Partial<ListPlanner['bounds']>[] = [
      {},
      { priceWalk: 0 },
      { ringRows: 1, nearestGather: 0 },
      { ringRows: 1, ringOwners: 3, nearestGather: 0 },
      { recentLeast: 3, recentPerRow: 1 },
      { circleGather: 0 },
    ];
    for (const change of bounds) {
      await withPlanBounds(change, async () => {
        for (const sort of ['newest', 'lowest', 'nearest', 'relevance']) {
          const label = `${JSON.stringify(change)} ${sort}`;
          expect(await ids(`q=gem&sort=${sort}`), label).toEqual(expected(gem, sort === 'relevance' ? 'newest' : sort));
          expect(await ids(`q=nardel&within_miles=25&sort=${sort}`), label).toEqual(
            expected(nardello, sort === 'relevance' ? 'newest' : sort),
          );
        }
        expect(await ids('friends=true&q=cherokee')).toEqual(
          expected((l) => l.variety === 'Cherokee Purple', 'newest'),
        );
      });
    }
  });

  it('follows an edited variety, and forgets it once the listing leaves seeds', async () => {
    const { id } = (await post({ ...seedLot, title: 'Tomato seeds', variety: 'Moneymaker' })).json() as Listing;
    expect(await ids('q=moneymaker&sort=newest')).toEqual([id]);
    await patch(id, { variety: 'Zapotec Pleated' });
    expect(await ids('q=moneymaker&sort=newest')).toEqual([]);
    expect(await ids('q=zapotec&sort=newest')).toEqual([id]);
    // The words as typed, for search as you type (`search_words`).
    const word = await ctx.db.selectFrom('search_words').select('word').where('word', '=', 'pleated').execute();
    expect(word).toEqual([{ word: 'pleated' }]);
    await patch(id, { category_id: 1 });
    expect(await ids('q=zapotec&sort=newest')).toEqual([]);
    await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, as: viewer });
    expect(await ids('q=zapotec&sort=newest')).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')(
    'keeps the stems every search checks row by row in step with the variety',
    async () => {
      const { id } = (await post({ ...seedLot, title: 'Bean seeds', variety: 'Painted Pony' })).json() as Listing;
      const stems = async () =>
        (
          await ctx.db
            .selectFrom('listings')
            .select(sql<string>`search_stems`.as('stems'))
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).stems;
      expect(await stems()).toMatch(/\| .*\bpaint poni\b/);
      await patch(id, { variety: 'Good Mother Stallard' });
      expect(await stems()).toMatch(/\| .*\bgood mother stallard\b/);
      expect(await stems()).not.toContain('poni');
      await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, as: viewer });
    },
  );
});
