import { CATEGORIES, TEXTS, WANTS_PER_CATEGORY } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const URL = '/api/listings/want-listings';
const post = (as: TestUser, payload: object) => ctx.inject({ method: 'POST', url: URL, payload, as });
const add = async (as: TestUser, title: string, category_id: number = CATEGORIES.produce) => {
  const res = await post(as, { title, category_id });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const list = (as: TestUser, query = '') => ctx.inject({ method: 'GET', url: `${URL}${query}`, as });
const patch = (as: TestUser, id: number, payload: object) =>
  ctx.inject({ method: 'PATCH', url: `${URL}/${id}`, payload, as });
const remove = (as: TestUser, id: number) => ctx.inject({ method: 'DELETE', url: `${URL}/${id}`, as });
const storedIn = async (user: { id: number }, category_id: number) =>
  (
    await ctx.db
      .selectFrom('want_listings')
      .select(['id', 'title'])
      .where('user_id', '=', user.id)
      .where('category_id', '=', category_id)
      .execute()
  ).length;

describe('GET /api/listings/want-listings', () => {
  it('lists my items by category then in the order I added them', async () => {
    const me = await createUser(ctx);
    expect((await list(me)).json()).toEqual([]);
    const basil = await add(me, 'Basil', CATEGORIES.plants);
    const figs = await add(me, 'Figs', CATEGORIES.produce);
    const kale = await add(me, 'Kale seeds', CATEGORIES.seeds);
    const plums = await add(me, 'Plums', CATEGORIES.produce);
    const res = await list(me);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((w: { id: number }) => w.id)).toEqual([figs.id, plums.id, kale.id, basil.id]);
    expect(res.json()[0]).toEqual({
      id: figs.id,
      title: 'Figs',
      category_id: CATEGORIES.produce,
      user_id: me.id,
      created_at: expect.any(String),
    });
  });

  it("lets any signed-in member read another member's list with ?user_id, and only theirs", async () => {
    const owner = await createUser(ctx);
    const reader = await createUser(ctx);
    await add(owner, 'Heirloom tomatoes');
    await add(reader, 'Squash');
    const res = await list(reader, `?user_id=${owner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ title: 'Heirloom tomatoes', user_id: owner.id })]);
    expect((await list(reader, `?user_id=${reader.id}`)).json()).toEqual([
      expect.objectContaining({ title: 'Squash' }),
    ]);
  });

  it('answers 404 "User not found" for a member who does not exist, 422 for a bad id', async () => {
    const me = await createUser(ctx);
    const missing = await list(me, '?user_id=987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: TEXTS.userNotFound, code: 'NOT_FOUND' });
    const bad = await list(me, '?user_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'user_id' }] });
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('POST /api/listings/want-listings', () => {
  it('stores a trimmed title and answers 201 with the item', async () => {
    const me = await createUser(ctx);
    const res = await post(me, { title: '  Sweet peppers  ', category_id: CATEGORIES.seeds });
    expect(res.statusCode).toBe(201);
    const want = res.json();
    expect(want).toEqual({
      id: expect.any(Number),
      title: 'Sweet peppers',
      category_id: CATEGORIES.seeds,
      user_id: me.id,
      created_at: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(want.created_at))).toBe(false);
  });

  it('allows 5 items per category, refuses the 6th with 409, and other categories stay open', async () => {
    const me = await createUser(ctx);
    for (let i = 1; i <= WANTS_PER_CATEGORY; i++) await add(me, `Produce ${i}`, CATEGORIES.produce);
    const sixth = await post(me, { title: 'One too many', category_id: CATEGORIES.produce });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ detail: TEXTS.wantLimit, code: 'WANT_LIMIT_REACHED' });
    expect(await storedIn(me, CATEGORIES.produce)).toBe(5);
    await add(me, 'Tulip bulbs', CATEGORIES.plants);

    const other = await createUser(ctx);
    await add(other, 'Not limited by anyone else', CATEGORIES.produce);

    const first = (await list(me)).json()[0];
    expect((await remove(me, first.id)).statusCode).toBe(204);
    await add(me, 'Room again', CATEGORIES.produce);
  });

  it('refuses titles under 3 or over 100 characters, counting after trimming', async () => {
    const me = await createUser(ctx);
    const cases: [unknown, string][] = [
      ['  ab  ', TEXTS.wantTitleTooShort],
      ['', TEXTS.wantTitleTooShort],
      [undefined, TEXTS.wantTitleTooShort],
      ['x'.repeat(101), TEXTS.wantTitleTooLong],
    ];
    for (const [title, message] of cases) {
      const res = await post(me, { title, category_id: CATEGORIES.produce });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: message, code: 'VALIDATION_FAILED', errors: [{ field: 'title', message }] });
    }
    await add(me, 'abc');
    await add(me, 'y'.repeat(100));
    expect(await storedIn(me, CATEGORIES.produce)).toBe(2);
  });

  it('refuses an unknown category with 422', async () => {
    const me = await createUser(ctx);
    for (const category_id of [4, 0, 'fruit', undefined]) {
      const res = await post(me, { title: 'Mangoes', category_id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'category_id', message: TEXTS.categoryInvalid }],
      });
    }
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.inject({ method: 'POST', url: URL, payload: { title: 'Beans', category_id: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/listings/want-listings/{id}', () => {
  it('renames my own item, trimmed, and keeps its category', async () => {
    const me = await createUser(ctx);
    const want = await add(me, 'Chard', CATEGORIES.seeds);
    const res = await patch(me, want.id, { title: '  Rainbow chard ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...want, title: 'Rainbow chard' });
    expect((await list(me)).json()).toEqual([{ ...want, title: 'Rainbow chard' }]);
  });

  it("answers 404 for someone else's item, exactly like a missing one, and leaves it alone", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const want = await add(owner, 'Leeks');
    for (const id of [want.id, 987_654]) {
      const res = await patch(other, id, { title: 'Hijacked' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: TEXTS.wantNotFound, code: 'NOT_FOUND' });
    }
    expect((await list(owner)).json()[0].title).toBe('Leeks');
  });

  it('refuses a short title with 422 and keeps the old one', async () => {
    const me = await createUser(ctx);
    const want = await add(me, 'Onions');
    const res = await patch(me, want.id, { title: ' o ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: TEXTS.wantTitleTooShort, errors: [{ field: 'title' }] });
    expect((await list(me)).json()[0].title).toBe('Onions');
  });
});

describe('DELETE /api/listings/want-listings/{id}', () => {
  it('deletes my own item with 204', async () => {
    const me = await createUser(ctx);
    const keep = await add(me, 'Garlic');
    const gone = await add(me, 'Shallots');
    const res = await remove(me, gone.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await list(me)).json()).toEqual([keep]);
  });

  it("answers 404 for someone else's item or a missing one, and deletes nothing", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const want = await add(owner, 'Potatoes');
    for (const [as, id] of [
      [other, want.id],
      [owner, 987_654],
    ] as const) {
      const res = await remove(as, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: TEXTS.wantNotFound, code: 'NOT_FOUND' });
    }
    expect((await list(owner)).json()).toEqual([want]);
    expect((await remove(owner, want.id)).statusCode).toBe(204);
    expect((await remove(owner, want.id)).statusCode).toBe(404);
  });
});

describe('the per-category limit under concurrent posts', () => {
  it('leaves exactly 5 items when 10 posts in one category arrive at once', async () => {
    const me = await createUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(me, { title: `Racing radish ${i}`, category_id: CATEGORIES.produce })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    for (const res of refused) expect(res.json().code).toBe('WANT_LIMIT_REACHED');
    expect(await storedIn(me, CATEGORIES.produce)).toBe(5);
  });

  it('holds for several members racing at once without one blocking the others', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => createUser(ctx)));
    const existing = members[0]!;
    for (let i = 0; i < 3; i++) await add(existing, `Already ${i}`, CATEGORIES.seeds);
    await Promise.all(
      members.flatMap((m) =>
        Array.from({ length: 8 }, (_, i) => post(m, { title: `Seed packet ${i}`, category_id: CATEGORIES.seeds })),
      ),
    );
    for (const m of members) expect(await storedIn(m, CATEGORIES.seeds)).toBe(5);
  });
});
